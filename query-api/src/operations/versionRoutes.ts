import {
  cancelPendingVersion,
  dropVersion,
  insertAuditEntry,
  insertNextVersion,
  inTransaction,
  listVersions,
  lockVersionAdding,
  projectionCatalogue,
} from '@tradelog/projections';
import { localizedError } from '@tradelog/schemas';
import type { ListedProjection } from '@tradelog/schemas/queries/operations';
import type { Router } from 'express';
import { callerOf } from '../reads/auth.ts';
import { validateManagement } from '../reads/requests.ts';
import { handle, sendSuccess } from '../reads/respond.ts';
import { actorOf, type Operations, projectionParam } from './operations.ts';

/**
 * The projections and their rebuilds (processors/README.md "Projection versions and rebuild"):
 * list what is declared, request or cancel a rebuild.
 */
export function addRebuildRoutes(router: Router, ops: Operations): void {
  const { pool, now } = ops;
  // The declared projections (projections/src/catalogue.ts), so the console lists what exists.
  router.get(
    '/ops/projections',
    handle(async (_req, res) => {
      sendSuccess(res, {
        projections: projectionCatalogue.map(
          (p): ListedProjection => ({
            name: p.name,
            title: p.title,
            reads: p.reads,
            changeKinds: p.changeKinds,
          }),
        ),
      });
    }),
  );

  router.post(
    '/ops/rebuild/:projection',
    handle(async (req, res) => {
      const projection = projectionParam(req);
      const acceptDifferences = validateManagement('rebuild', req.body).acceptDifferences === true;
      const version = await inTransaction(pool, async (db) => {
        await lockVersionAdding(db, projection);
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
        const requested = await insertNextVersion(db, ops.namespace, projection, 'requested', now(), {
          acceptDifferences,
        });
        await insertAuditEntry(db, {
          ...actorOf(callerOf(res)),
          at: now(),
          action: 'rebuild.requested',
          subject: {
            projection,
            version: requested.version,
            ...(acceptDifferences ? { acceptDifferences } : {}),
          },
        });
        return requested;
      });
      sendSuccess(
        res,
        { projection, version: version.version, state: version.state, acceptDifferences },
        202,
      );
    }),
  );

  // Cancel the projection's requested or building version (processors/README.md "Projection
  // versions and rebuild": the build stops at its next progress tick and never switches).
  router.delete(
    '/ops/rebuild/:projection',
    handle(async (req, res) => {
      const projection = projectionParam(req);
      const caller = callerOf(res);
      const version = await inTransaction(pool, async (db) => {
        const cancelled = await cancelPendingVersion(db, projection, caller.ownerId, now());
        if (cancelled === null) return null;
        await insertAuditEntry(db, {
          ...actorOf(caller),
          at: now(),
          action: 'rebuild.cancelled',
          subject: { projection, version: cancelled },
        });
        return cancelled;
      });
      if (version === null)
        throw localizedError('REBUILD_NOT_PENDING', 409, {
          cn: `${projection} 没有已请求或构建中的版本`,
          en: `${projection} has no requested or building version to cancel`,
        });
      sendSuccess(res, { projection, version, state: 'failed', cancelled: true });
    }),
  );
}

/** A projection's versions: watch them, drop an old one (retired or failed). */
export function addVersionListRoutes(router: Router, { pool }: Operations): void {
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
}
