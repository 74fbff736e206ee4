import type { ListedVersion } from '@tradelog/schemas/queries/operations';

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

/** How many deliveries a redelivery scheduled: query-api answers their ids. */
export function redeliveredCount(redelivered: unknown): number {
  if (Array.isArray(redelivered)) return redelivered.length;
  const count = Number(redelivered);
  return Number.isFinite(count) ? count : 0;
}
