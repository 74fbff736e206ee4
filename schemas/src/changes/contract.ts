import { Ajv2020 } from 'ajv/dist/2020.js';
import { TradelogError } from '../errors/tradelogError.ts';

/**
 * The change-event contract (ARCHITECTURE "Shape": projections → `changes` topic → push): what
 * a projection publishes when something a subscriber may follow changed. Processors encode
 * with it, the push processor decodes with it, subscribers' payloads are built from it.
 *
 * `eventId` is derived from the source record and what changed, never generated, so a replay
 * or a rebuild publishes the same ids and the push side drops duplicates.
 */

/**
 * Every source of change events (a projection's name) with the kinds it publishes and who
 * follows it: `enterprise`, a lender's `changes` subscription of one enterprise; `tracked-item`,
 * the tracking families, matched by subject (projections/src/push/README.md "Families and match
 * keys"). The one list: the projection declarations, the subscription request schema, its API
 * documentation, its default and the push side derive from it, so making a source subscribable
 * is one edit here.
 */
export const changeSources = {
  'order-status': {
    kinds: ['order.created', 'order.status-changed', 'order.amended'],
    followedBy: 'enterprise',
  },
  'link-node': {
    kinds: ['chain.started', 'chain.grew', 'chain.merged', 'chain.node-updated'],
    followedBy: 'enterprise',
  },
  'enterprise-feeds': {
    kinds: [
      'tax.reported',
      'ecommerce-sales.updated',
      'payment-account.changed',
      'in-warehouse.updated',
      'warehouse-indicators.updated',
      'warehouse-stock.reported',
    ],
    followedBy: 'enterprise',
  },
  // collateral.released and coverage.low are pushed only to subscriptions that name them
  // (`onRequest`): subscriptions to `collateral` made before they existed keep what they asked for.
  collateral: {
    kinds: ['collateral.reused', 'collateral.released', 'coverage.low'],
    followedBy: 'enterprise',
    onRequest: ['collateral.released', 'coverage.low'],
  },
  tracking: {
    kinds: ['express.traces', 'air.status', 'ocean.status', 'terminal.status'],
    followedBy: 'tracked-item',
  },
} as const satisfies Record<
  string,
  { kinds: readonly string[]; followedBy: 'enterprise' | 'tracked-item'; onRequest?: readonly string[] }
>;

export type ChangeSource = keyof typeof changeSources;
export type ChangeKind<Source extends ChangeSource = ChangeSource> =
  (typeof changeSources)[Source]['kinds'][number];

/** The sources a lender's `changes` subscription may name; all of them when it names none. */
export type EnterpriseChangeSource = {
  [Source in ChangeSource]: (typeof changeSources)[Source]['followedBy'] extends 'enterprise'
    ? Source
    : never;
}[ChangeSource];

const sourceNames = Object.keys(changeSources) as ChangeSource[];

export const enterpriseChangeSources = sourceNames.filter(
  (source): source is EnterpriseChangeSource => changeSources[source].followedBy === 'enterprise',
);

export function isChangeSource(name: string): name is ChangeSource {
  return Object.hasOwn(changeSources, name);
}

/**
 * The kinds a subscription receives only when it names them in `kinds` (schemas/src/queries/management.ts
 * `changesSubscriptionRequest`); a subscription that names no kinds receives every other kind of
 * its sources.
 */
export const onRequestKinds: readonly ChangeKind[] = sourceNames.flatMap(
  (source) =>
    ((changeSources[source] as { onRequest?: readonly ChangeKind[] }).onRequest ?? []) as ChangeKind[],
);

/** Every kind a lender's `changes` subscription may name. */
export const enterpriseChangeKinds: readonly ChangeKind[] = enterpriseChangeSources.flatMap(
  (source) => changeSources[source].kinds as readonly ChangeKind[],
);

/** Whether a `changes` subscription that names `kinds` (or none) receives a kind. */
export function subscriptionWantsKind(kinds: readonly string[] | undefined, kind: string): boolean {
  return kinds === undefined || kinds.length === 0
    ? !(onRequestKinds as readonly string[]).includes(kind)
    : kinds.includes(kind);
}

/** The kinds a projection publishes: none for a projection that is no source. */
export function changeKindsOf(projection: string): readonly ChangeKind[] {
  return isChangeSource(projection) ? changeSources[projection].kinds : [];
}

export interface ChangeEventOf<Source extends ChangeSource> {
  eventId: string;
  projection: Source;
  kind: ChangeKind<Source>;
  /** The enterprise (or, for feeds, the owner scope) the change belongs to; also the record key. */
  enterprise: string;
  /** What the change is about, e.g. `purchase/PO1`, a chain id or a tracked item. */
  subject: string;
  /** The source record's received-at time: when the change became true in the log. */
  occurredAt: string;
  source: { documentId: string; topic: string; partition: number; offset: string };
  data: Readonly<Record<string, unknown>>;
}

/** One change event: its kind is one its projection publishes. */
export type ChangeEvent = { [Source in ChangeSource]: ChangeEventOf<Source> }[ChangeSource];

export const changeEventSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://tradelog.dev/schemas/changes/change-event.json',
  title: 'Change event',
  type: 'object',
  required: ['eventId', 'projection', 'kind', 'enterprise', 'subject', 'occurredAt', 'source', 'data'],
  properties: {
    eventId: { type: 'string', minLength: 1, maxLength: 64 },
    projection: { enum: sourceNames },
    kind: { type: 'string' },
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
  // Each source's own kinds.
  allOf: sourceNames.map((source) => ({
    if: { properties: { projection: { const: source } } },
    // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable
    then: { properties: { kind: { enum: changeSources[source].kinds } } },
  })),
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
