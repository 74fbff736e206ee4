import type { Logger } from '@tradelog/schemas';
import type { Decoded } from './batchPlan.ts';
import type { Queued } from './groupTransaction.ts';
import { type MergeInput, type MergeKey, mergeKeyOf, planMerge } from './mergeOrder.ts';

/**
 * The intake of a consumer that reads its topics merged (a rebuild, or a live consumer catching
 * up with a backlog: processors/README.md "One order whatever the fetches"), in place of the
 * group commit queue. Each decoded batch is
 * buffered and answered at once, its partition held at the batch's end, so the fetches go on for
 * the partitions the merge waits for; a group is the merge's next records (mergeOrder.ts), at
 * most `maxGroupRecords`, applied one group at a time in merged order (`rank`). A partition whose
 * buffer the merge emptied is fetched again; records past its limit are cut and the partition
 * paused there (LimitPauses resumes it once the limit moves).
 *
 * A group is sent when it is full, when every partition with records left has shown them, or
 * when no batch came for `settleMs`. A partition waited for while no batch at all comes for
 * `waitLimitMs` (its broker gone, say) stops being waited for, with a warning and `onWaitGivenUp`
 * (a rebuild shows it in its progress): the build goes on, in an order that another build may not
 * repeat, rather than stall.
 */
export interface MergedIntake<E> {
  push(item: Queued<E>): void;
  /** Looks again: on the consumer's tick and after each group. */
  poke(): void;
  /** Nothing buffered and no group being applied. */
  idle(): boolean;
  /**
   * A group join: every partition starts again from its checkpoint, so what was buffered goes.
   * (A batch's own `isActive` cannot tell: the merge's own seek, holding a partition, makes it
   * stale until the next fetch.)
   */
  rejoined(): void;
  clear(): void;
}

/**
 * What one fetch may bring of a partition in a merged read: the merge holds up to one and a half
 * fetched batches of every partition it reads, so their sum stays near `budget` (64 MiB by
 * default) whatever the number of partitions, between 256 KiB and the 4 MiB of a live consumer.
 */
export function mergedReadBytesPerPartition(partitions: number, budget = 64 * 1024 * 1024): number {
  return Math.max(256 * 1024, Math.min(4 * 1024 * 1024, Math.floor(budget / Math.max(1, partitions))));
}

/** A partition the build still reads: the next offset applied and the bound it reads up to. */
export interface ReadBound {
  topic: string;
  partition: number;
  applied: bigint;
  bound: bigint;
}

/** A partition's fetched records the merge has not taken yet. */
export interface Buffered<E> {
  topic: string;
  partition: number;
  records: Decoded<E>[];
  keys: MergeKey[];
  /** Records before this index were taken by a group. */
  start: number;
  /** The offset after the last record buffered or taken: where the partition's next fetch starts. */
  next: bigint;
  /** Paused by the merge at `next`, not by its limit: resumed once half of its buffer is taken. */
  heldByMerge: boolean;
  /** Resumed when fewer records than this are left (half of what the last batch left it). */
  resumeBelow: number;
  /** Cut at its limit: nothing more below the bound until the limit moves. */
  cutAt?: bigint;
}

/** What a consumer reading merged says of its partitions (checkpointedConsumer.ts `mergedRead`). */
export interface MergedRead {
  /** Every partition the build reads, with where it stands and the bound it reads up to. */
  readBounds: () => Iterable<ReadBound>;
  /** A partition no longer waited for: what follows may be applied out of the merged order. */
  onWaitGivenUp?: (slot: string, waitedMs: number) => void;
}

/** A partition nothing was fetched of yet. */
export const emptyBuffer = <E>(topic: string, partition: number): Buffered<E> => ({
  topic,
  partition,
  records: [],
  keys: [],
  start: 0,
  next: 0n,
  heldByMerge: false,
  resumeBelow: 0,
});

/**
 * Adds a fetched batch's records to its partition's buffer: those past what it buffered or
 * took, up to the batch's limit (where it is cut: `cutAt`). What groups took goes first, so that
 * a buffer refilled before it empties does not grow.
 */
export function bufferBatch<E>(buffered: Buffered<E>, item: Pick<Queued<E>, 'decoded' | 'limit'>): void {
  buffered.cutAt = undefined;
  if (buffered.start > 0) {
    buffered.records = buffered.records.slice(buffered.start);
    buffered.keys = buffered.keys.slice(buffered.start);
    buffered.start = 0;
  }
  for (const decoded of item.decoded) {
    const offset = BigInt(decoded.record.offset);
    // Taken or buffered already (a batch fetched before the partition was held).
    if (offset < buffered.next) continue;
    if (item.limit !== undefined && offset >= item.limit) {
      buffered.cutAt = offset;
      break;
    }
    buffered.records.push(decoded);
    buffered.keys.push(mergeKeyOf(decoded.record));
    buffered.next = offset + 1n;
  }
}

/** The merge's view of every partition: buffered heads, and whether more may follow them. */
export function mergeInputs<E>(
  readBounds: Iterable<ReadBound>,
  buffers: ReadonlyMap<string, Buffered<E>>,
  givenUp: ReadonlySet<string>,
): MergeInput[] {
  const out: MergeInput[] = [];
  const seen = new Set<string>();
  for (const bound of readBounds) {
    const slot = `${bound.topic}/${bound.partition}`;
    seen.add(slot);
    const buffered = buffers.get(slot);
    // Where the partition's unread records start: past a cut at its limit (a limit that moved
    // since leaves records to read there), past what it buffered, or where it stands applied.
    const next =
      buffered?.cutAt ?? (buffered && buffered.next > bound.applied ? buffered.next : bound.applied);
    const more = next < bound.bound && !givenUp.has(slot);
    out.push({ slot, keys: buffered?.keys ?? [], from: buffered?.start ?? 0, more });
  }
  for (const [slot, buffered] of buffers)
    if (!seen.has(slot) && buffered.start < buffered.records.length)
      out.push({ slot, keys: buffered.keys, from: buffered.start, more: false });
  return out;
}

export function createMergedIntake<E>(
  context: MergedRead & {
    applyGroup: (items: Queued<E>[]) => Promise<void>;
    pause: (topic: string, partition: number, atOffset: string) => void;
    resume: (topic: string, partition: number) => void;
    stopAtLimit: (topic: string, partition: number, nextOffset: bigint) => void;
    maxGroupRecords: number;
    log: Logger;
    /** Nothing is applied while this says so (a catch-up reading the log's ends: catchUp.ts). */
    holdWhile?: () => boolean;
    settleMs?: number;
    waitLimitMs?: number;
    now?: () => number;
  },
): MergedIntake<E> {
  const settleMs = context.settleMs ?? 20;
  const waitLimitMs = context.waitLimitMs ?? 30_000;
  const now = context.now ?? (() => performance.now());
  const buffers = new Map<string, Buffered<E>>();
  /** Partitions no longer waited for; a batch of theirs ends it. */
  const givenUp = new Set<string>();
  let lastPush = now();
  let waitingSince: { slot: string; at: number } | undefined;
  let inFlight = false;
  let timer: NodeJS.Timeout | undefined;
  /** Joins and stops so far: a group's items are active while it is unchanged. */
  let generation = 0;

  function push(item: Queued<E>): void {
    const { topic, partition } = item.batch;
    const slot = `${topic}/${partition}`;
    const buffered = buffers.get(slot) ?? emptyBuffer<E>(topic, partition);
    bufferBatch(buffered, item);
    buffers.set(slot, buffered);
    givenUp.delete(slot);
    if (buffered.cutAt !== undefined) {
      buffered.heldByMerge = false;
      context.stopAtLimit(topic, partition, buffered.cutAt);
    } else if (buffered.start < buffered.records.length) {
      buffered.heldByMerge = true;
      buffered.resumeBelow = Math.ceil((buffered.records.length - buffered.start) / 2);
      context.pause(topic, partition, String(buffered.next));
    }
    item.done(undefined);
    lastPush = now();
    // A batch of any partition restarts the clock of a wait: the fetches are going on.
    waitingSince = undefined;
    schedule(0);
  }

  function schedule(ms: number): void {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void emit();
    }, ms);
  }

  /** Gives up waiting for a partition when no batch at all came for too long, once. */
  function waitedTooLong(slot: string): boolean {
    if (waitingSince?.slot !== slot) {
      waitingSince = { slot, at: now() };
      return false;
    }
    const waitedMs = Math.round(now() - waitingSince.at);
    if (waitedMs < waitLimitMs) return false;
    context.log.warn('merged read: a partition showed nothing; reading on without it', { slot, waitedMs });
    context.onWaitGivenUp?.(slot, waitedMs);
    givenUp.add(slot);
    waitingSince = undefined;
    return true;
  }

  async function emit(): Promise<void> {
    if (inFlight || context.holdWhile?.()) return;
    const plan = planMerge(mergeInputs(context.readBounds(), buffers, givenUp), context.maxGroupRecords);
    if (plan.waitingOn !== undefined) {
      const quiet = now() - lastPush >= settleMs;
      if (plan.order.length === 0 || !quiet) {
        if (plan.order.length === 0 && waitedTooLong(plan.waitingOn)) schedule(0);
        else if (plan.order.length > 0) schedule(settleMs);
        return;
      }
    }
    if (plan.order.length === 0) return;
    waitingSince = undefined;
    inFlight = true;
    try {
      await context.applyGroup(take(plan.order));
    } finally {
      inFlight = false;
    }
    schedule(0);
  }

  /** The group's items, one a partition, each record ranked by its place in the merge. */
  function take(order: readonly string[]): Queued<E>[] {
    const taken = new Map<string, Decoded<E>[]>();
    for (const [rank, slot] of order.entries()) {
      const buffered = buffers.get(slot)!;
      const decoded = buffered.records[buffered.start++]!;
      const list = taken.get(slot) ?? [];
      list.push({ ...decoded, rank });
      taken.set(slot, list);
    }
    const items: Queued<E>[] = [];
    for (const [slot, decoded] of taken) {
      const buffered = buffers.get(slot)!;
      if (buffered.start === buffered.records.length) {
        buffered.records = [];
        buffered.keys = [];
        buffered.start = 0;
      }
      // Fetched again before its buffer runs dry, so that the merge seldom waits for it.
      if (buffered.heldByMerge && buffered.records.length - buffered.start < buffered.resumeBelow) {
        buffered.heldByMerge = false;
        context.resume(buffered.topic, buffered.partition);
      }
      const { topic, partition } = buffered;
      const taker = generation;
      items.push({
        batch: { topic, partition, records: [], isActive: () => taker === generation },
        decoded,
        limit: undefined,
        started: performance.now(),
        // Not applied (a retry, a partition gone back): its buffer goes, the partition is fetched
        // again from where the retry says. After a join the buffer is the new assignment's.
        done: (through) => {
          if (through === undefined && taker === generation) buffers.delete(slot);
        },
      });
    }
    return items;
  }

  return {
    push,
    poke: () => schedule(0),
    idle: () => !inFlight && [...buffers.values()].every((b) => b.start === b.records.length),
    rejoined() {
      generation++;
      buffers.clear();
      givenUp.clear();
      waitingSince = undefined;
    },
    clear() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      generation++;
      buffers.clear();
      givenUp.clear();
    },
  };
}
