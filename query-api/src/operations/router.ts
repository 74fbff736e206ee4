import {
  deadLetterStates,
  dropVersion,
  findDeadLetter,
  insertNextVersion,
  inTransaction,
  isProjectionName,
  listDeadLetters,
  listVersions,
  markDeadLetterRetrying,
  type ProjectionName,
  projectionCatalogue,
} from '@tradelog/projections';
import { localizedError } from '@tradelog/schemas';
import { type Request, Router } from 'express';
import type pg from 'pg';
import { handle, sendSuccess } from '../lenders/respond.ts';

/**
 * Operator endpoints (issue 4): request a rebuild (the processors build it and report progress
 * into `projection_versions`), watch it, drop old versions; list and retry dead letters. The
 * query API only records requests: building is the processors' job (ARCHITECTURE, nothing
 * imports processors).
 */
function projectionParam(req: Request): ProjectionName {
  const name = String(req.params.projection);
  if (!isProjectionName(name))
    throw localizedError('PROJECTION_UNKNOWN', 404, {
      cn: `没有投影 "${name}"`,
      en: `Unknown projection "${name}"`,
    });
  return name;
}

export function createOperationsRouter(deps: { pool: pg.Pool; namespace: string; now?: () => Date }): Router {
  const { pool } = deps;
  const now = deps.now ?? (() => new Date());
  const router = Router();

  // The declared projections (projections/src/catalogue.ts), so the console lists what exists.
  router.get(
    '/ops/projections',
    handle(async (_req, res) => {
      sendSuccess(res, {
        projections: projectionCatalogue.map((p) => ({
          name: p.name,
          title: p.title,
          reads: p.reads,
          changeKinds: p.changeKinds,
        })),
      });
    }),
  );

  router.post(
    '/ops/rebuild/:projection',
    handle(async (req, res) => {
      const projection = projectionParam(req);
      const version = await inTransaction(pool, async (db) => {
        const pending = (await listVersions(db, projection)).find(
          (v) => v.state === 'requested' || v.state === 'building',
        );
        if (pending) {
          throw localizedError(
            'REBUILD_IN_PROGRESS',
            409,
            {
              cn: `${projection} v${pending.version} 已在 ${pending.state} 状态`,
              en: `${projection} v${pending.version} is already ${pending.state}`,
            },
            { version: pending.version },
          );
        }
        return insertNextVersion(db, deps.namespace, projection, 'requested', now());
      });
      sendSuccess(res, { projection, version: version.version, state: version.state }, 202);
    }),
  );

  router.get(
    '/ops/rebuild/:projection',
    handle(async (req, res) => {
      const versions = await listVersions(pool, projectionParam(req));
      sendSuccess(res, { versions });
    }),
  );

  router.delete(
    '/ops/versions/:projection/:version',
    handle(async (req, res) => {
      const projection = projectionParam(req);
      const dropped = await dropVersion(pool, projection, Number(req.params.version));
      if (!dropped)
        throw localizedError('VERSION_NOT_DROPPABLE', 409, {
          cn: '只能删除已退役或失败的版本',
          en: 'Only retired or failed versions can be dropped',
        });
      sendSuccess(res, { projection, version: Number(req.params.version), dropped });
    }),
  );

  router.get(
    '/ops/dead-letters',
    handle(async (req, res) => {
      const projection =
        typeof req.query.projection === 'string' && isProjectionName(req.query.projection)
          ? req.query.projection
          : undefined;
      const state = deadLetterStates.find((known) => known === req.query.state);
      const letters = await listDeadLetters(pool, {
        limit: Math.min(Number(req.query.limit) || 100, 500),
        ...(projection ? { projection } : {}),
        ...(state ? { state } : {}),
        ...(typeof req.query.after === 'string' ? { afterId: req.query.after } : {}),
      });
      sendSuccess(res, {
        // Keys are shown as text where they are text, else as base64 (a dead letter may hold any bytes).
        dataList: letters.map(({ value, recordKey, ...letter }) => ({
          ...letter,
          recordKey: recordKey === null ? null : printableKey(recordKey),
          valueBytes: value?.length ?? 0,
        })),
      });
    }),
  );

  router.post(
    '/ops/dead-letters/:id/retry',
    handle(async (req, res) => {
      const id = String(req.params.id);
      if (!/^\d+$/.test(id) || !(await findDeadLetter(pool, id)))
        throw localizedError('DEAD_LETTER_UNKNOWN', 404, {
          cn: `没有死信 ${id}`,
          en: `No dead letter ${id}`,
        });
      const letter = await markDeadLetterRetrying(pool, id);
      if (!letter)
        throw localizedError('DEAD_LETTER_RESOLVED', 409, {
          cn: `死信 ${id} 已处理`,
          en: `Dead letter ${id} is already resolved`,
        });
      sendSuccess(res, { id, state: letter.state }, 202);
    }),
  );
  return router;
}

/** A record key as an operator reads it: the text when it is printable UTF-8, else `base64:…`. */
export function printableKey(key: Buffer): string {
  const text = key.toString('utf8');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
  const printable = Buffer.from(text, 'utf8').equals(key) && !/[\u0000-\u001f\u007f]/.test(text);
  return printable ? text : `base64:${key.toString('base64')}`;
}
