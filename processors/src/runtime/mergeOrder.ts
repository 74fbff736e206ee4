import type { LogRecord } from '@tradelog/schemas/kit/log/consumer';
import { headerNames } from '@tradelog/schemas/kit/log/headers';

/**
 * One order for a rebuild's records whatever its fetches bring (processors/README.md "One order
 * whatever the fetches"), pure: the partitions a build reads are merged by their heads, the
 * smallest first by received-at (the ingest header), then topic, partition and offset, as
 * documents/logOrder.ts orders records of different partitions. A partition's own records keep
 * its offsets' order. The merge takes a record only when every partition that may still hold an
 * earlier one has shown its head: a partition with records left to read and none buffered stops
 * it. Two builds of one log so apply its records in the same order, and in the order a live
 * consumer applied them, which saw them arrive as they were received.
 */

/** What orders a record among other partitions' records. */
export interface MergeKey {
  receivedAt: string;
  topic: string;
  partition: number;
  offset: bigint;
}

/**
 * A record's key. A record without the received-at header (none written by ingest lacks it)
 * sorts first: where it goes depends on the log alone, so every build takes it alike.
 */
export function mergeKeyOf(record: LogRecord): MergeKey {
  const header = record.headers[headerNames.receivedAt];
  const first = Array.isArray(header) ? header[0] : header;
  return {
    receivedAt: first === undefined ? '' : first.toString(),
    topic: record.topic,
    partition: record.partition,
    offset: BigInt(record.offset),
  };
}

export function compareMergeKeys(a: MergeKey, b: MergeKey): number {
  if (a.receivedAt !== b.receivedAt) return a.receivedAt < b.receivedAt ? -1 : 1;
  if (a.topic !== b.topic) return a.topic < b.topic ? -1 : 1;
  if (a.partition !== b.partition) return a.partition - b.partition;
  return a.offset < b.offset ? -1 : a.offset > b.offset ? 1 : 0;
}

/** A partition as the merge sees it: its buffered records' keys, in offset order, and whether more may follow them. */
export interface MergeInput {
  slot: string;
  keys: readonly MergeKey[];
  /** Records past the buffered ones remain to be read (below the bound the build reads to). */
  more: boolean;
}

export interface MergePlan {
  /** The slots of the records taken, in merged order (each slot's records are taken from its front). */
  order: readonly string[];
  /** The partition whose head the merge waits for, when it stopped before taking `max` records. */
  waitingOn?: string;
}

/**
 * Merges the buffered heads, at most `max` records. It stops where a partition with more to read
 * has nothing buffered: its next record may come before any other partition's head.
 */
export function planMerge(inputs: readonly MergeInput[], max: number): MergePlan {
  const heads = inputs.map((input) => ({ ...input, next: 0 }));
  const order: string[] = [];
  const waitingEmpty = heads.find((h) => h.keys.length === 0 && h.more);
  if (waitingEmpty) return { order, waitingOn: waitingEmpty.slot };
  const live = heads.filter((h) => h.keys.length > 0);
  while (order.length < max && live.length > 0) {
    let least = 0;
    for (let i = 1; i < live.length; i++)
      if (compareMergeKeys(live[i]!.keys[live[i]!.next]!, live[least]!.keys[live[least]!.next]!) < 0)
        least = i;
    const head = live[least]!;
    order.push(head.slot);
    head.next++;
    if (head.next < head.keys.length) continue;
    if (head.more) return { order, waitingOn: head.slot };
    live.splice(least, 1);
  }
  return { order };
}
