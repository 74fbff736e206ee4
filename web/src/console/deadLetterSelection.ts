import type { DeadLettersDiscarded, DeadLettersRetrying } from '@tradelog/schemas/queries/operations';

/** The selection of dead letters for a bulk action, and what a bulk answer reports. */

/** The selection with `id` added, or taken out when it was already in. */
export function toggled(selection: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(selection);
  if (!next.delete(id)) next.add(id);
  return next;
}

/**
 * A bulk retry answers `retrying`, a bulk discard `discarded` (the contract's two answers); both
 * list what they skipped. One reader serves both, so either list may be the one sent.
 */
export type BulkAnswer = Partial<DeadLettersRetrying & DeadLettersDiscarded> &
  Pick<DeadLettersRetrying, 'skipped'>;

export function bulkOutcome(answer: BulkAnswer): { changed: number; skipped: number } {
  return { changed: (answer.retrying ?? answer.discarded ?? []).length, skipped: answer.skipped.length };
}
