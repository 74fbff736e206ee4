/** The selection of dead letters for a bulk action, and what a bulk answer reports. */

/** The selection with `id` added, or taken out when it was already in. */
export function toggled(selection: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(selection);
  if (!next.delete(id)) next.add(id);
  return next;
}

/** A bulk retry answers `retrying`, a bulk discard `discarded`; both list what they skipped. */
export interface BulkAnswer {
  retrying?: string[];
  discarded?: string[];
  skipped: string[];
}

export function bulkOutcome(answer: BulkAnswer): { changed: number; skipped: number } {
  return { changed: (answer.retrying ?? answer.discarded ?? []).length, skipped: answer.skipped.length };
}
