import { Ajv2020 } from 'ajv/dist/2020.js';
import { TradelogError } from '../runtime/errors.ts';

/**
 * The change-event contract (ARCHITECTURE "Shape": projections → `changes` topic → push): what
 * a projection publishes when something a subscriber may follow changed. Processors encode
 * with it, the push processor decodes with it, subscribers' payloads are built from it.
 *
 * `eventId` is derived from the source record and what changed, never generated, so a replay
 * or a rebuild publishes the same ids and the push side drops duplicates.
 */
export interface ChangeEvent {
  eventId: string;
  projection: string;
  kind: string;
  /** The enterprise (or, for feeds, the owner scope) the change belongs to; also the record key. */
  enterprise: string;
  /** What the change is about, e.g. `purchase/PO1`, a chain id or a tracked item. */
  subject: string;
  /** The source record's received-at time: when the change became true in the log. */
  occurredAt: string;
  source: { documentId: string; topic: string; partition: number; offset: string };
  data: Readonly<Record<string, unknown>>;
}

export const changeEventSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://tradelog.dev/schemas/changes/change-event.json',
  title: 'Change event',
  type: 'object',
  required: ['eventId', 'projection', 'kind', 'enterprise', 'subject', 'occurredAt', 'source', 'data'],
  properties: {
    eventId: { type: 'string', minLength: 1, maxLength: 64 },
    projection: { type: 'string', minLength: 1, maxLength: 64 },
    kind: { type: 'string', pattern: '^[a-z][a-z0-9-]*(\\.[a-z][a-z0-9-]*)+$', maxLength: 64 },
    enterprise: { type: 'string', maxLength: 256 },
    subject: { type: 'string', minLength: 1, maxLength: 512 },
    occurredAt: { type: 'string', minLength: 1, maxLength: 64 },
    source: {
      type: 'object',
      required: ['documentId', 'topic', 'partition', 'offset'],
      properties: {
        documentId: { type: 'string' },
        topic: { type: 'string' },
        partition: { type: 'integer', minimum: 0 },
        offset: { type: 'string', pattern: '^[0-9]+$' },
      },
    },
    data: { type: 'object' },
  },
} as const;

const validate = new Ajv2020({ strict: false, allErrors: false }).compile(changeEventSchema);

export function encodeChangeEvent(event: ChangeEvent | Readonly<Record<string, unknown>>): Buffer {
  return Buffer.from(JSON.stringify(event));
}

/** Bytes of the changes topic → a change event; a record that is not one is the record's fault. */
export function decodeChangeEvent(value: Buffer | null): ChangeEvent {
  if (value === null)
    throw new TradelogError('CHANGE_EVENT_INVALID', 'change record has no value', { retriable: false });
  let parsed: unknown;
  try {
    parsed = JSON.parse(value.toString('utf8'));
  } catch (error) {
    throw new TradelogError('CHANGE_EVENT_INVALID', 'change record is not JSON', {
      retriable: false,
      cause: error,
    });
  }
  if (!validate(parsed))
    throw new TradelogError(
      'CHANGE_EVENT_INVALID',
      `not a change event: ${validate.errors?.map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ')}`,
      { retriable: false },
    );
  return parsed as unknown as ChangeEvent;
}
