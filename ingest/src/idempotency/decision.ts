import { localizedError } from '@tradelog/schemas/errors/tradelogError';

/**
 * Idempotent submission, the pure part (README "Retrying safely"). As partners know it from
 * Stripe and the IETF draft "The Idempotency-Key HTTP Header Field": only a request carrying an
 * `Idempotency-Key` is protected from being appended twice; a submission is then identified by
 * (partner, interface, key). Without a key every accepted request is a new submission, even one
 * identical to an earlier one: a status sent A, B, then A again must end at A. The first request
 * reserves the key with the document id it will append under; a later one with the same key
 * decides here.
 */
export interface IdempotencyRecord {
  bodySha256: string;
  documentId: string;
  /** pending: an instance is appending; done: Kafka acknowledged; failed: the append ended without an acknowledgement. */
  state: 'pending' | 'done' | 'failed';
  reservedAt: Date;
  /** Where Kafka acknowledged it, once done (records settled before places were kept have none). */
  place?: RecordPlace;
}

/**
 * Where an acknowledged record sits, and in which log: the cluster's id and the topic's id as
 * ingest last read them (null when they could not be read), beside the record's position.
 */
export interface RecordPlace {
  clusterId: string | null;
  topicId: string | null;
  topic: string;
  partition: number;
  offset: bigint;
}

/** What `placeHeld` compares a place with: the log as it is now (kit/log/logSnapshot.ts). */
export interface LogNow {
  clusterId: string;
  topicIds: ReadonlyMap<string, string>;
  ends: ReadonlyMap<string, bigint>;
}

/**
 * Whether the log as it is now still holds a record acknowledged at `place`: the same cluster,
 * the same topic (a topic deleted and created again has a new id) and a partition that reaches
 * past its offset (a cluster restored from an older backup ends before it). An identity that
 * could not be read when the place was kept is not compared; the end always is.
 */
export function placeHeld(place: RecordPlace, log: LogNow): boolean {
  if (place.clusterId !== null && place.clusterId !== log.clusterId) return false;
  const topicId = log.topicIds.get(place.topic);
  if (topicId === undefined || (place.topicId !== null && place.topicId !== topicId)) return false;
  const end = log.ends.get(`${place.topic}/${place.partition}`);
  return end !== undefined && place.offset < end;
}

export type Decision =
  /**
   * Answer as the first request was answered: same document id, nothing appended, once the log
   * is found to hold it still at `place` (idempotency.ts).
   */
  | { kind: 'replay'; documentId: string; place?: RecordPlace }
  /** Append (again) under the first request's document id: its append was not acknowledged, or its instance vanished. */
  | { kind: 'takeOver'; documentId: string }
  | { kind: 'inProgress' }
  | { kind: 'keyReused' };

export function decide(
  existing: IdempotencyRecord,
  request: { bodySha256: string; now: Date; staleAfterMs: number },
): Decision {
  if (existing.bodySha256 !== request.bodySha256) return { kind: 'keyReused' };
  if (existing.state === 'done')
    return {
      kind: 'replay',
      documentId: existing.documentId,
      ...(existing.place ? { place: existing.place } : {}),
    };
  if (existing.state === 'failed') return { kind: 'takeOver', documentId: existing.documentId };
  // Pending: another request is appending now, unless it has been at it longer than any
  // append may take (its instance stopped mid-request).
  return request.now.getTime() - existing.reservedAt.getTime() > request.staleAfterMs
    ? { kind: 'takeOver', documentId: existing.documentId }
    : { kind: 'inProgress' };
}

/** The header's value when it is a usable key: 1 to 255 visible ASCII characters (like a request id, but longer). */
export function idempotencyKeyFrom(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (/^[\x21-\x7e]{1,255}$/.test(header)) return header;
  throw localizedError('IDEMPOTENCY_KEY_INVALID', 400, {
    cn: '请求头 Idempotency-Key 必须是 1 至 255 个可见 ASCII 字符（建议使用 UUID）',
    en: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters (a UUID is a good choice)',
  });
}

/**
 * The stored key. The prefix is the one caller keys were stored under while keyless bodies were
 * recorded by their hash (`sha256:` rows, which now only expire): keys remembered before an
 * upgrade still match after it.
 */
export function storedKey(idempotencyKey: string): string {
  return `key:${idempotencyKey}`;
}

export const inProgress = () =>
  localizedError(
    'IDEMPOTENCY_IN_PROGRESS',
    409,
    {
      cn: '相同的提交正在处理中，请稍后用同一 Idempotency-Key 重试',
      en: 'The same submission is being processed; retry shortly with the same Idempotency-Key',
    },
    {},
    { retriable: true },
  );

/** The log could not be read to confirm that it still holds the first submission under the key. */
export const replayUnconfirmed = (cause?: unknown) =>
  localizedError(
    'IDEMPOTENCY_UNCONFIRMED',
    503,
    {
      cn: '暂时无法确认同一 Idempotency-Key 的首次提交仍在日志中，请稍后用同一键重试',
      en: 'Could not confirm that the log still holds the first submission under this Idempotency-Key; retry shortly with the same key',
    },
    {},
    { retriable: true, cause },
  );

export const keyReused = () =>
  localizedError('IDEMPOTENCY_KEY_REUSED', 422, {
    cn: '该 Idempotency-Key 已用于另一份不同的单据；每份单据请使用新的键',
    en: 'This Idempotency-Key was already used for a different document; use a new key for each document',
  });
