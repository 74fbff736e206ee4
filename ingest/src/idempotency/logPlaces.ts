import type { LogSnapshot, LogSnapshotReader } from '@tradelog/schemas/kit/log/logSnapshot';
import type { Appended } from '@tradelog/schemas/kit/log/pendingAppends';
import { placeHeld, type RecordPlace } from './decision.ts';

/**
 * The log's side of idempotent retries (README "Retrying safely"): where an acknowledged record
 * sits and in which log, kept with its key; and, when a retry comes, whether the log as it is now
 * still holds it. A repeat answered "accepted" for a record the log lost (a reset, a move to
 * another cluster, a restore from an older backup) would leave the partner's document nowhere.
 */
export interface LogPlaces {
  /** The record's place with the log's identity as last read (a few seconds old at most); never throws. */
  placeOf(appended: Appended): Promise<RecordPlace>;
  /** Whether the log, read now, holds the record at `place`; throws when Kafka cannot say. */
  holds(place: RecordPlace): Promise<boolean>;
}

export function createLogPlaces(options: {
  reader: LogSnapshotReader;
  /** Every topic ingest appends to. */
  topics: readonly string[];
  /** The least time between two reads of the identity kept with acknowledged records. */
  identitySpacingMs?: number;
  now?: () => number;
}): LogPlaces {
  const now = options.now ?? Date.now;
  const spacingMs = options.identitySpacingMs ?? 200;
  // Reads share one request while it is in flight (after a reset every partner may resend at once).
  let reading: Promise<LogSnapshot> | undefined;
  const readNow = () => {
    reading ??= options.reader.read(options.topics).finally(() => {
      reading = undefined;
    });
    return reading;
  };
  // The identity kept with a record is read after its acknowledgement: one read kept from before
  // would name the old log for every record acknowledged on a new one until it aged (and their
  // repeats would be appended again). Records acknowledged meanwhile share the next read, at
  // most one every `spacingMs` (the outcome is recorded after the answer: nobody waits for it
  // but a repeat of the same key). A failed read leaves the identity unknown (null: not compared).
  let next: Promise<LogSnapshot | undefined> | undefined;
  let lastStartedAt = Number.NEGATIVE_INFINITY;
  const readAfterNow = () => {
    next ??= new Promise<void>((resolve) =>
      setTimeout(resolve, Math.max(0, lastStartedAt + spacingMs - now())),
    ).then(() => {
      next = undefined;
      lastStartedAt = now();
      return readNow().catch(() => undefined);
    });
    return next;
  };
  return {
    async placeOf(appended) {
      const offset = BigInt(appended.offset);
      const read = await readAfterNow();
      // Read after the acknowledgement, the record's log ends past it; one that does not was
      // replaced in between, and which log held the record is not known.
      const end = read?.ends.get(`${appended.topic}/${appended.partition}`);
      const log = end !== undefined && offset < end ? read : undefined;
      return {
        clusterId: log?.clusterId ?? null,
        topicId: log?.topicIds.get(appended.topic) ?? null,
        topic: appended.topic,
        partition: appended.partition,
        offset,
      };
    },
    async holds(place) {
      return placeHeld(place, await readNow());
    },
  };
}
