import { claimRequestedVersion } from '@tradelog/projections';
import { projections } from '../projections.ts';
import type { RebuildOptions, RebuildResult } from './options.ts';
import { rebuildProjection } from './rebuild.ts';

/**
 * Builds the oldest rebuild an operator requested (`POST /ops/rebuild/:projection` records it
 * as a `requested` version); undefined when none is waiting. The processors' main loop calls it.
 */
export async function runRequestedRebuild(
  options: Omit<RebuildOptions, 'projection' | 'version'>,
): Promise<RebuildResult | undefined> {
  const version = await claimRequestedVersion(options.pool);
  if (!version) return undefined;
  return rebuildProjection({ ...options, projection: projections[version.projection], version });
}
