import type { DeadLetter } from '@tradelog/projections';
import type { LogRecord } from '@tradelog/schemas/kit/log/consumer';
import { logPosition } from '../documents/event.ts';
import { faultCode } from './faults.ts';

/**
 * A record as a dead letter and back (processors/README.md "Consumer runtime", "Dead letters"):
 * key and value kept as the log held them, so a letter is always storable and a retry decodes
 * the very record that failed.
 */
export type NewDeadLetter = Omit<DeadLetter, 'id' | 'state' | 'attempts' | 'resolvedAt'>;

const headerText = (headers: LogRecord['headers']): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      (Array.isArray(value) ? value[0] : value)?.toString() ?? '',
    ]),
  );

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function deadLetterOf(
  record: LogRecord,
  fault: unknown,
  owner: { projection: string; consumerGroup: string },
  failedAt: Date,
): NewDeadLetter {
  return {
    projection: owner.projection,
    consumerGroup: owner.consumerGroup,
    topic: record.topic,
    partition: record.partition,
    offset: record.offset,
    recordKey: record.key,
    headers: headerText(record.headers),
    value: record.value,
    errorCode: faultCode(fault),
    errorMessage: messageOf(fault),
    failedAt,
  };
}

/** A dead letter as the record it was. */
export function recordOf(letter: DeadLetter): LogRecord {
  return {
    topic: letter.topic,
    partition: letter.partition,
    offset: letter.offset,
    key: letter.recordKey,
    value: letter.value,
    headers: letter.headers,
  };
}

/**
 * A retried letter that applied is `superseded` when the handler found its record older than
 * every row it would replace (it changed nothing), `resolved` otherwise.
 */
export const retryResolution = (
  record: LogRecord,
  superseded: ReadonlySet<string>,
): 'resolved' | 'superseded' => (superseded.has(logPosition(record)) ? 'superseded' : 'resolved');
