import {
  claimRequestedVersion,
  findLiveVersion,
  findVersion,
  listVersions,
  type ProjectionVersion,
} from '@tradelog/projections';
import type pg from 'pg';
import { projections } from '../projections.ts';
import { buildLockOf, withSessionLock } from '../runtime/buildLock.ts';
import type { RebuildOptions, RebuildResult } from './options.ts';
import { rebuildProjection } from './rebuild.ts';

type RequestOptions = Omit<RebuildOptions, 'projection' | 'version'>;

/**
 * Builds an operator's rebuild (`POST /ops/rebuild/:projection` records it as a `requested`
 * version; processors/README.md "Projection versions"). A `building` version nobody builds comes
 * first, resumed where its checkpoints stand: its builder stopped (a restart, a crash) or never
 * read its claim (the connection lost as Postgres answered), and left alone it would stay
 * `building` for ever, refusing every new request with 409. Else the oldest `requested` version
 * is claimed. Every build holds the projection's build lock (../runtime/buildLock.ts), so one
 * instance builds a projection at a time and what one leaves is the next poll's, in any instance.
 * The processors' main loop calls it; undefined when nothing was built.
 */
export async function runRequestedRebuild(options: RequestOptions): Promise<RebuildResult | undefined> {
  for (const left of await buildsToResume(options.pool, options.namespace)) {
    const result = await buildHoldingLock(options, left);
    if (result) return result;
  }
  const claimed = await claimRequestedVersion(options.pool);
  return claimed ? buildHoldingLock(options, claimed) : undefined;
}

/**
 * The `building` versions of this namespace an operator's rebuild may resume: not one built and
 * left unswitched on purpose, nor one of a projection whose live version is of an older revision
 * than this code's, which its upgrade builds and resumes (../runtime/supervisor.ts `upgradeRebuild`).
 */
async function buildsToResume(pool: pg.Pool, namespace: string): Promise<ProjectionVersion[]> {
  const resumable: ProjectionVersion[] = [];
  for (const version of await listVersions(pool)) {
    if (version.state !== 'building' || !version.consumerGroup.startsWith(`tradelog.${namespace}.`)) continue;
    // Built and compared, and left unswitched as its builder was told (the CLI's `--no-switch`).
    if (version.progress.state === 'built') continue;
    const live = await findLiveVersion(pool, version.projection);
    if (!live || live.revision >= projections[version.projection].declaration.revision)
      resumable.push(version);
  }
  return resumable;
}

/**
 * Builds `version` holding its projection's build lock; undefined when another instance holds it,
 * or when the version stopped being `building` before the lock was held (built, or cancelled).
 */
async function buildHoldingLock(
  options: RequestOptions,
  version: ProjectionVersion,
): Promise<RebuildResult | undefined> {
  let result: RebuildResult | undefined;
  await withSessionLock(options.pool, buildLockOf(version.projection), async () => {
    const current = await findVersion(options.pool, version.projection, version.version);
    if (current?.state !== 'building') return;
    result = await rebuildProjection({
      ...options,
      projection: projections[current.projection],
      version: current,
      // The operator's request, kept with the version (`POST /ops/rebuild` `acceptDifferences`).
      ...(current.acceptDifferences ? { acceptDifferences: true } : {}),
    });
  });
  return result;
}
