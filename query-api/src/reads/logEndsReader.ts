import {
  type ProjectionName,
  projectionDeclaration,
  type SummaryLogEnds,
  slotParts,
} from '@tradelog/projections';
import type { LogSnapshot } from '@tradelog/schemas/kit/log/logSnapshot';
import { createNextRound } from './nextRound.ts';
import type { LogSnapshotOf } from './topicOffsets.ts';

/**
 * Where the log ends for the topics a projection reads, as an answer's freshness names them
 * (README "Freshness"): one read of every document topic per round, shared by the answers
 * waiting; none while Kafka was found down a moment ago (the answer then names no ends).
 */
export function createLogEndsReader(options: {
  logSnapshot: LogSnapshotOf | undefined;
  documentTopics: readonly string[];
  topicOf: ReadonlyMap<string, string>;
  now: () => number;
  /** The shortest time between the starts of two reads of the log's ends. */
  logRoundMs: number;
  /** How long the ends are not asked for after a read failed. */
  kafkaDownMs: number;
}): (projection: ProjectionName) => Promise<SummaryLogEnds> {
  const { logSnapshot, now } = options;
  // One read of every document topic per round: the answers waiting share it.
  // Rounds start at most every `logRoundMs`: a read of every partition's end costs the instance
  // far more than an answer's statement, and under load a round per round trip was most of
  // query-api's CPU (README "Freshness"); an answer waits for at most one such interval more.
  let lastRound = 0;
  const logNow = logSnapshot
    ? createNextRound(async (_: 'log') => {
        const wait = lastRound + options.logRoundMs - now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        lastRound = now();
        return logSnapshot(options.documentTopics);
      })
    : undefined;
  let kafkaDownUntil = 0;
  const endsOfReading = new WeakMap<LogSnapshot, Map<ProjectionName, SummaryLogEnds>>();

  return async function logEndsOf(projection: ProjectionName): Promise<SummaryLogEnds> {
    if (!logNow || now() < kafkaDownUntil) return null;
    let snapshot: LogSnapshot;
    try {
      snapshot = await logNow('log');
    } catch {
      kafkaDownUntil = now() + options.kafkaDownMs;
      return null;
    }
    // One list per projection and reading, shared by every answer of the round (and so is its
    // JSON: projections/src/versions.ts keeps it with the list).
    let lists = endsOfReading.get(snapshot);
    if (!lists) {
      lists = new Map();
      endsOfReading.set(snapshot, lists);
    }
    let ends = lists.get(projection);
    if (!ends) {
      const read = new Set(projectionDeclaration(projection).reads.map((type) => options.topicOf.get(type)));
      ends = endsOfTopics(read, snapshot);
      lists.set(projection, ends);
    }
    return ends;
  };
}

/**
 * The ends of a snapshot's partitions of the topics read, each with its topic's and cluster's ids
 * and, where read, its start.
 */
export function endsOfTopics(read: ReadonlySet<string | undefined>, snapshot: LogSnapshot): SummaryLogEnds {
  const out: Exclude<SummaryLogEnds, null>[number][] = [];
  for (const [slot, end] of snapshot.ends) {
    const { topic, partition } = slotParts(slot);
    const topicId = snapshot.topicIds.get(topic);
    if (!read.has(topic) || topicId === undefined) continue;
    const start = snapshot.starts?.get(slot);
    out.push({
      topic,
      partition,
      end: String(end),
      topicId,
      clusterId: snapshot.clusterId,
      ...(start === undefined ? {} : { start: String(start) }),
    });
  }
  return out;
}
