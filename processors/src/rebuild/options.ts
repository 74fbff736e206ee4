import type { ProjectionVersion } from '@tradelog/projections';
import type { RebuildProgress } from '@tradelog/schemas/queries/operations';
import type { ProjectionRunOptions } from '../runtime/projection.ts';

/** What a rebuild is asked (rebuild.ts `rebuildProjection`), what it reports as it goes and what it answers. */

// Where a build stands (stored with its version, shown to operators, passed to `onProgress`) is
// the operator contract's: the console reads it as it is written.
export type { RebuildProgress };

export interface RebuildOptions extends ProjectionRunOptions {
  /** A version already claimed (an operator request); otherwise a new one is added. */
  version?: ProjectionVersion;
  /** Switch readers when the comparison is clean (default true). */
  switchWhenEqual?: boolean;
  /**
   * Switch even when the comparison finds differences (recorded with the version): the rebuild
   * runs other rules than the live version on purpose — an upgrade to a new revision
   * (processors/README.md "Upgrading a projection"), or an operator's `--accept-differences`.
   */
  acceptDifferences?: boolean;
  progressIntervalMs?: number;
  onProgress?: (progress: RebuildProgress) => void;
  now?: () => Date;
  timeoutMs?: number;
  /** Freeze the live version once the build is this close to it (records). */
  freezeWithinRecords?: number;
  /** How long the live version may stay frozen while the build takes the last records. */
  freezeTimeoutMs?: number;
  /** Stops the build (the process is stopping); the version stays `building`, to be resumed. */
  signal?: AbortSignal;
}

export interface RebuildResult {
  version: ProjectionVersion;
  switched: boolean;
  progress: RebuildProgress;
}
