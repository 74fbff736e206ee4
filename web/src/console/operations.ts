/**
 * Pure helpers for the operator console over query-api's `/ops` answers: which version of a
 * projection is live, which is being rebuilt, and how far the rebuild is.
 */
export type VersionState = 'requested' | 'building' | 'live' | 'retired' | 'failed';

export interface RebuildProgress {
  state?: string;
  recordsApplied?: number;
  ratePerSecond?: number;
  remainingLag?: number;
  elapsedMs?: number;
}

export interface ProjectionVersion {
  projection: string;
  version: number;
  state: VersionState;
  progress: RebuildProgress | null;
  createdAt: string;
  liveSince: string | null;
}

/** Share of the rebuild done: applied / (applied + remaining lag); 0 before anything is known. */
export function rebuildFraction(progress: RebuildProgress | null | undefined): number {
  const applied = Number(progress?.recordsApplied ?? 0);
  const remaining = Number(progress?.remainingLag ?? 0);
  if (progress?.state === 'switched' || progress?.state === 'built') return 1;
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
