import type { LogRecord } from '@tradelog/schemas/kit/log/consumer';
import { headerNames } from '@tradelog/schemas/kit/log/headers';
import { compareLogOrder, type LogPlace } from '../documents/logOrder.ts';

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

/** What orders a record among other partitions' records: its place in log order (documents/logOrder.ts). */
export type MergeKey = LogPlace;

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
    offset: record.offset,
  };
}

/** A partition as the merge sees it: its buffered records' keys, in offset order, and whether more may follow them. */
export interface MergeInput {
  slot: string;
  /** Buffered keys; those before `from` were taken already. */
  keys: readonly MergeKey[];
  from: number;
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
 * has nothing buffered: its next record may come before any other partition's head. The heads
 * are kept in a binary heap: a group costs its records times the logarithm of the partitions
 * (a live consumer catching up may read a hundred or more).
 */
export function planMerge(inputs: readonly MergeInput[], max: number): MergePlan {
  const order: string[] = [];
  const waitingEmpty = inputs.find((input) => input.from >= input.keys.length && input.more);
  if (waitingEmpty) return { order, waitingOn: waitingEmpty.slot };
  const heap = inputs
    .filter((input) => input.from < input.keys.length)
    .map((input) => ({ ...input, next: input.from }));
  const before = (a: number, b: number) =>
    compareLogOrder(heap[a]!.keys[heap[a]!.next]!, heap[b]!.keys[heap[b]!.next]!) < 0;
  const swap = (a: number, b: number) => {
    const held = heap[a]!;
    heap[a] = heap[b]!;
    heap[b] = held;
  };
  const down = (at: number) => {
    for (let i = at; ; ) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < heap.length && before(left, least)) least = left;
      if (right < heap.length && before(right, least)) least = right;
      if (least === i) return;
      swap(i, least);
      i = least;
    }
  };
  for (let i = Math.floor(heap.length / 2) - 1; i >= 0; i--) down(i);
  while (order.length < max && heap.length > 0) {
    const head = heap[0]!;
    order.push(head.slot);
    head.next++;
    if (head.next >= head.keys.length) {
      if (head.more) return { order, waitingOn: head.slot };
      heap[0] = heap[heap.length - 1]!;
      heap.pop();
    }
    down(0);
  }
  return { order };
}
