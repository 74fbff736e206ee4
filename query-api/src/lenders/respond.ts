import {
  findLiveVersion,
  type ProjectionName,
  type ProjectionVersion,
  versionFreshness,
} from '@tradelog/projections';
import { localizedError } from '@tradelog/schemas';
import { success } from '@tradelog/schemas/runtime/envelope';
import type { NextFunction, Request, Response } from 'express';
import type pg from 'pg';

export function sendSuccess(res: Response, extra: Record<string, unknown>, status = 200): void {
  res.status(status).json(success(extra));
}

/**
 * An async handler whose errors go to the app's one error middleware (http/answers.ts), which
 * answers them in the route's convention (the `{flag, code, message}` envelope by default).
 */
export function handle(work: (req: Request, res: Response) => Promise<void>) {
  return (req: Request, res: Response, next: NextFunction) => work(req, res).catch(next);
}

/**
 * Runs a read against a projection's live version. The version is resolved per request; if a
 * retired version was dropped between resolving and reading (Postgres 42P01), it resolves again
 * once. The answer's `freshness` says which version answered and how far it has read the log.
 */
export async function readLive<T>(
  pool: pg.Pool,
  projection: ProjectionName,
  read: (schema: string) => Promise<T>,
): Promise<{ result: T; freshness: Freshness }> {
  for (let attempt = 0; ; attempt++) {
    const version = await findLiveVersion(pool, projection);
    if (!version) {
      throw localizedError('PROJECTION_NOT_READY', 503, {
        cn: `投影 ${projection} 尚未构建完成，请稍后重试`,
        en: `The ${projection} projection has not been built yet; retry later`,
      });
    }
    try {
      // Offsets first, rows second: rows and offsets commit together, so rows read afterwards
      // hold at least everything below these offsets (the promise `freshness` makes).
      const freshness = await freshnessOf(pool, version);
      const result = await read(version.schemaName);
      return { result, freshness };
    } catch (error) {
      if ((error as { code?: string }).code === '42P01' && attempt === 0) continue;
      throw error;
    }
  }
}

export interface Freshness {
  projection: string;
  version: number;
  /** When the projection last applied a record (null: nothing applied yet). */
  lastAppliedAt: string | null;
  /** The next offset the projection will apply, per topic partition: everything below is in the answer. */
  offsets: { topic: string; partition: number; nextOffset: string }[];
}

async function freshnessOf(pool: pg.Pool, version: ProjectionVersion): Promise<Freshness> {
  const fresh = await versionFreshness(pool, version.consumerGroup);
  return {
    projection: version.projection,
    version: version.version,
    lastAppliedAt: fresh.appliedAt?.toISOString() ?? null,
    offsets: fresh.offsets,
  };
}
