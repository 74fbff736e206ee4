import {
  type AuditAction,
  auditActions,
  cancelPendingVersion,
  deadLetterStates,
  deleteCheckpointsOf,
  discardDeadLetters,
  dropVersion,
  findDeadLetter,
  insertAuditEntry,
  insertNextVersion,
  inTransaction,
  isProjectionName,
  listAuditEntries,
  listDeadLetters,
  listVersions,
  logMismatches,
  markDeadLetterRetrying,
  markDeadLettersRetrying,
  type ProjectionName,
  projectionCatalogue,
  readTransportCheckpoints,
} from '@tradelog/projections';
import { localizedError } from '@tradelog/schemas';
import type {
  ListedDeadLetter,
  ListedProjection,
  ShownAuditEntry,
} from '@tradelog/schemas/queries/operations';
import { type Request, type Response, Router } from 'express';
import type pg from 'pg';
import { type Caller, callerOf } from '../reads/auth.ts';
import { handle, sendSuccess } from '../reads/respond.ts';
import type { LogSnapshotOf } from '../reads/topicOffsets.ts';

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

/** The audit's actor for a caller: its account and key, named by the account's code. */
const actorOf = (caller: Caller) => ({
  accountId: caller.accountId,
  keyId: caller.keyId,
  actor: caller.ownerId,
});

/** At most this many dead letters in one bulk retry or discard (one statement each). */
export const bulkLimit = 500;

/** The `ids` of a bulk request: dead-letter ids (decimal), 1 to `bulkLimit`, each once. */
export function bulkIdsOf(body: unknown): string[] {
  const ids = (body as { ids?: unknown } | undefined)?.ids;
  if (
    !Array.isArray(ids) ||
    ids.length === 0 ||
    ids.length > bulkLimit ||
    !ids.every((id) => typeof id === 'string' && /^\d{1,18}$/.test(id))
  ) {
    throw localizedError('VALIDATION_FAILED', 400, {
      cn: `ids 须为 1 至 ${bulkLimit} 个死信编号（字符串）`,
      en: `ids must list 1 to ${bulkLimit} dead-letter ids (strings)`,
    });
  }
  return [...new Set(ids as string[])];
}

export function createOperationsRouter(deps: {
  pool: pg.Pool;
  namespace: string;
  now?: () => Date;
  /** The log's ids and ends, to tell the push processor's checkpoints of another log. */
  logSnapshot?: LogSnapshotOf;
  changesTopic?: string;
}): Router {
  const { pool } = deps;
  const now = deps.now ?? (() => new Date());
  const router = Router();

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
        const requested = await insertNextVersion(db, deps.namespace, projection, 'requested', now());
        await insertAuditEntry(db, {
          ...actorOf(callerOf(res)),
          at: now(),
          action: 'rebuild.requested',
          subject: { projection, version: requested.version },
        });
        return requested;
      });
      sendSuccess(res, { projection, version: version.version, state: version.state }, 202);
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
        dataList: letters.map(
          ({ value, recordKey, ...letter }): ListedDeadLetter<Date> => ({
            ...letter,
            recordKey: recordKey === null ? null : printableKey(recordKey),
            valueBytes: value?.length ?? 0,
          }),
        ),
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
      const letter = await inTransaction(pool, async (db) => {
        const marked = await markDeadLetterRetrying(db, id);
        if (marked) await audit(db, res, 'deadLetters.retried', { ids: [id] });
        return marked;
      });
      if (!letter)
        throw localizedError('DEAD_LETTER_RESOLVED', 409, {
          cn: `死信 ${id} 已处理`,
          en: `Dead letter ${id} is already resolved`,
        });
      sendSuccess(res, { id, state: letter.state }, 202);
    }),
  );

  // Bulk retry and discard: the letters in a state that allows it are changed, the others left
  // and listed as `skipped` (already resolved, discarded, unknown).
  for (const [path, action] of [
    ['/ops/dead-letters/retry', 'deadLetters.retried'],
    ['/ops/dead-letters/discard', 'deadLetters.discarded'],
  ] as const) {
    router.post(
      path,
      handle(async (req, res) => {
        const ids = bulkIdsOf(req.body);
        const changed = await inTransaction(pool, async (db) => {
          const done =
            action === 'deadLetters.retried'
              ? await markDeadLettersRetrying(db, ids)
              : await discardDeadLetters(db, ids, now());
          if (done.length > 0) await audit(db, res, action, { ids: done });
          return done;
        });
        const skipped = ids.filter((id) => !changed.includes(id));
        sendSuccess(
          res,
          { [action === 'deadLetters.retried' ? 'retrying' : 'discarded']: changed, skipped },
          202,
        );
      }),
    );
  }

  // The push processor on a new log (processors/README.md "When the log was replaced"): its
  // checkpoints on the changes topic that are of another log are removed, so it starts that
  // topic's partitions at their beginning: every change of the new log is pushed, none skipped.
  // Its checkpoints of this log are kept; a projection's are never touched (a view is rebuilt).
  router.post(
    '/ops/push/start-on-new-log',
    handle(async (_req, res) => {
      const { logSnapshot, changesTopic } = deps;
      if (!logSnapshot || !changesTopic)
        throw localizedError(
          'KAFKA_NOT_CONFIGURED',
          503,
          {
            cn: '查询服务未配置 KAFKA_BROKERS，无法比对日志',
            en: 'KAFKA_BROKERS is not set for the query API',
          },
          {},
          { retriable: false },
        );
      const snapshot = await logSnapshot([changesTopic]);
      const reset = await inTransaction(pool, async (db) => {
        const stored = await readTransportCheckpoints(db, changesTopic);
        const groups = new Map<string, { topic: string; partition: number; reason: string }[]>();
        for (const mismatch of logMismatches(stored, snapshot)) {
          const group = stored.find(
            (c) => c.topic === mismatch.topic && c.partition === mismatch.partition,
          )!.consumerGroup;
          groups.set(group, [
            ...(groups.get(group) ?? []),
            { topic: mismatch.topic, partition: mismatch.partition, reason: mismatch.reason },
          ]);
        }
        for (const [group, slots] of groups) await deleteCheckpointsOf(db, group, slots);
        const started = [...groups].map(([consumerGroup, partitions]) => ({ consumerGroup, partitions }));
        if (started.length > 0)
          await audit(db, res, 'push.startedOnNewLog', { clusterId: snapshot.clusterId, started });
        return started;
      });
      if (reset.length === 0)
        throw localizedError('PUSH_ON_THIS_LOG', 409, {
          cn: '推送处理器的检查点都属于当前日志，无需从头开始',
          en: 'The push processor’s checkpoints are all of the current log; nothing to start over',
        });
      sendSuccess(res, { clusterId: snapshot.clusterId, started: reset }, 202);
    }),
  );

  // Who did what (newest first): rebuilds, cancels, retries, discards, accounts and keys.
  router.get(
    '/ops/audit',
    handle(async (req, res) => {
      const action = auditActions.find((known) => known === req.query.action);
      const before =
        typeof req.query.before === 'string' && /^\d{1,18}$/.test(req.query.before)
          ? req.query.before
          : undefined;
      const entries = await listAuditEntries(pool, {
        limit: Math.min(Number(req.query.limit) || 100, 500),
        ...(before ? { before } : {}),
        ...(action ? { action } : {}),
      });
      const dataList = entries.map((entry): ShownAuditEntry => ({ ...entry, at: entry.at.toISOString() }));
      sendSuccess(res, { dataList });
    }),
  );

  const audit = (
    db: Parameters<typeof insertAuditEntry>[0],
    res: Response,
    action: AuditAction,
    subject: Record<string, unknown>,
  ) => insertAuditEntry(db, { ...actorOf(callerOf(res)), at: now(), action, subject });
  return router;
}

/** A record key as an operator reads it: the text when it is printable UTF-8, else `base64:…`. */
export function printableKey(key: Buffer): string {
  const text = key.toString('utf8');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
  const printable = Buffer.from(text, 'utf8').equals(key) && !/[\u0000-\u001f\u007f]/.test(text);
  return printable ? text : `base64:${key.toString('base64')}`;
}
