import { type ListedVersion, tableEqual } from '@tradelog/schemas/queries/operations';

/**
 * Pure helpers for the operator console over query-api's `/ops` answers: which version of a
 * projection is live, which is being rebuilt, and how far the rebuild is.
 */

/** A projection version as `GET /ops/rebuild/{projection}` lists it (the operator contract). */
export type ProjectionVersion = ListedVersion;

/** Share of the rebuild done: applied / (applied + remaining lag); 0 before anything is known. */
export function rebuildFraction(progress: ProjectionVersion['progress']): number {
  const applied = progress.recordsApplied ?? 0;
  const remaining = progress.remainingLag ?? 0;
  if (progress.state === 'switched' || progress.state === 'built') return 1;
  if (applied + remaining <= 0) return 0;
  return Math.min(1, Math.max(0, applied / (applied + remaining)));
}

export function summarise(versions: readonly ProjectionVersion[]): {
  live: ProjectionVersion | undefined;
  rebuilding: ProjectionVersion | undefined;
} {
  const newest = [...versions].sort((a, b) => b.version - a.version);
  return {
    live: newest.find((version) => version.state === 'live'),
    rebuilding: newest.find((version) => version.state === 'requested' || version.state === 'building'),
  };
}

/**
 * How the newest rebuild ended when it did not switch (processors/README.md "Projection versions
 * and rebuild"): cancelled by an operator, built but different from the live version (the tables
 * that differ; the operator may ask again, accepting the differences), or failed otherwise.
 * Undefined while the newest version is live, pending or was switched to.
 */
export type UnswitchedRebuild = { version: number } & (
  | { reason: 'cancelled'; cancelledBy: string }
  | { reason: 'differs'; tables: string[] }
  | { reason: 'failed'; failure: string }
);

export function lastUnswitchedRebuild(versions: readonly ProjectionVersion[]): UnswitchedRebuild | undefined {
  const newest = [...versions].sort((a, b) => b.version - a.version)[0];
  if (newest?.state !== 'failed') return undefined;
  const { progress, version } = newest;
  if (progress.cancelledBy) return { version, reason: 'cancelled', cancelledBy: progress.cancelledBy };
  // Unequal as the processors' comparison judges it (the contract's `tableEqual`).
  const tables = (progress.comparison ?? []).filter((t) => !tableEqual(t)).map((t) => t.table);
  if (tables.length > 0) return { version, reason: 'differs', tables };
  return { version, reason: 'failed', failure: progress.failure ?? '' };
}

/** How many deliveries a redelivery scheduled: query-api answers their ids. */
export function redeliveredCount(redelivered: unknown): number {
  if (Array.isArray(redelivered)) return redelivered.length;
  const count = Number(redelivered);
  return Number.isFinite(count) ? count : 0;
}
