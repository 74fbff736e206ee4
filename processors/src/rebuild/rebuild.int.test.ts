import {
  cancelPendingVersion,
  claimRequestedVersion,
  compareVersions,
  dropVersion,
  findLiveVersion,
  insertNextVersion,
  inTransaction,
  listVersions,
  lockProjectionShared,
  readCheckpoints,
} from '@tradelog/projections';
import { findChainByKey } from '@tradelog/projections/link-node/tables';
import { examples } from '@tradelog/schemas/documents/examples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLogger, testServices, waitFor } from '../../../tests/harness/index.ts';
import { projections } from '../projections.ts';
import { buildLockOf, withSessionLock } from '../runtime/buildLock.ts';
import { superviseLiveProjection } from '../runtime/supervisor.ts';
import { createLogFixture, type LogFixture } from '../testing/logFixture.ts';
import { runRequestedRebuild } from './requests.ts';

describe('rebuild from the log', () => {
  const services = testServices();
  let log: LogFixture;
  const enterprise = examples.purchase.customerCode as string;

  beforeAll(async () => {
    log = await createLogFixture(services, quietLogger, 'rb');
  });
  afterAll(async () => {
    await log?.close();
  });

  /** What the processors' poll builds operators' rebuilds with (rebuild/requests.ts). */
  const requestOptions = () => ({
    brokers: services.kafkaBrokers,
    pool: log.pool,
    codec: log.codec,
    topicOf: log.topicOf,
    namespace: log.namespace,
    logger: quietLogger,
  });

  /** Document i of a stream whose link keys make chains grow and merge (every 5th bridges two). */
  function documentAt(i: number): Parameters<LogFixture['append']> {
    if (i % 3 === 0)
      return [
        'purchase',
        {
          ...examples.purchase,
          entOrderNo: `RB-PO-${i}`,
          contractNo: `RB-CT-${i % 7}`,
          financingOrderNo: `RB-FIN-${i % 7}`,
          orderStatus: '10',
        },
      ];
    if (i % 3 === 1)
      return [
        'pod',
        {
          ...examples.pod,
          entOrderNo: `RB-POD-${i}`,
          contractNo: `RB-CT-${i % 11}`,
          billNo: `RB-BL-${i % 5}`,
        },
      ];
    return [
      'clearance',
      {
        ...examples.clearance,
        entOrderNo: `RB-CL-${i}`,
        contractNo: `RB-CT-${(i * 3) % 7}`,
        blno: `RB-BL-${i % 5}`,
        entryNo: `RB-E-${i}`,
      },
    ];
  }

  it('builds a new version while documents keep arriving, ends identical to the live one, switches readers atomically and never fails a read', {
    timeout: 180_000,
  }, async () => {
    let appended = 0;
    for (; appended < 150; appended++) await log.append(...documentAt(appended));
    const live = superviseLiveProjection({
      brokers: services.kafkaBrokers,
      pool: log.pool,
      codec: log.codec,
      projection: projections['link-node'],
      topicOf: log.topicOf,
      namespace: log.namespace,
      logger: quietLogger,
    });
    await live.start();
    const v1 = (await waitFor(() => findLiveVersion(log.pool, 'link-node'), { what: 'live v1' }))!;

    const appliedBy = async (group: string) =>
      (await readCheckpoints(log.pool, group)).reduce((sum, c) => sum + Number(c.nextOffset), 0);
    await waitFor(async () => (await appliedBy(v1.consumerGroup)) === 150, {
      what: 'live version caught up',
      timeoutMs: 30_000,
    });
    // Documents keep arriving during the whole rebuild.
    let producing = true;
    const producer = (async () => {
      while (producing) {
        await log.append(...documentAt(appended));
        appended++;
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    })();
    // Readers keep reading through the query path (resolve the live version, then read it).
    let reads = 0;
    const readFailures: unknown[] = [];
    const versionsSeen = new Set<number>();
    let reading = true;
    const reader = (async () => {
      while (reading) {
        try {
          const version = await findLiveVersion(log.pool, 'link-node');
          if (version) {
            const chain = await findChainByKey(log.pool, version.schemaName, {
              enterprise,
              classes: ['financingOrderNo'],
              value: 'RB-FIN-0',
            });
            if (chain.nodes.length > 0) versionsSeen.add(version.version);
          }
          reads++;
        } catch (error) {
          readFailures.push(error);
        }
      }
    })();

    const progress: number[] = [];
    const result = await log.rebuild('link-node', {
      logger: quietLogger,
      progressIntervalMs: 300,
      // Freeze only near the end, so that most of the build runs while the live version moves.
      freezeWithinRecords: 20,
      onProgress: (p) => progress.push(p.recordsApplied),
    });
    // Keep writing and reading a little past the switch, then stop both.
    await waitFor(() => live.version()?.version === result.version.version, {
      what: 'live consumer moved to the new version',
    });
    const stopAt = appended + 20;
    await waitFor(() => appended >= stopAt, { what: 'more documents after the switch' });
    // The reader loops on its own: the switch having happened says nothing about whether it has
    // read the new version yet. Keep it reading until it has.
    await waitFor(() => versionsSeen.has(result.version.version), {
      what: 'the reader reading the new version',
    });
    producing = false;
    await producer;
    reading = false;
    await reader;

    expect(result.switched).toBe(true);
    expect(result.progress.comparison?.length).toBeGreaterThan(0);
    for (const table of result.progress.comparison ?? []) {
      expect(table.rowsA).toBe(table.rowsB);
      expect(table.differingKeys).toEqual([]);
    }
    expect(progress.at(-1)).toBeGreaterThanOrEqual(150);
    expect(readFailures).toEqual([]);
    expect(reads).toBeGreaterThan(10);
    expect([...versionsSeen].sort()).toEqual([v1.version, result.version.version]);

    const versions = await listVersions(log.pool, 'link-node');
    expect(versions.map((v) => [v.version, v.state])).toEqual([
      [v1.version, 'retired'],
      [result.version.version, 'live'],
    ]);
    // The new live version goes on where the rebuild stopped: every document appended is applied once.
    const v2 = versions[1]!;
    await waitFor(async () => (await appliedBy(v2.consumerGroup)) === appended, {
      what: 'new live version caught up',
      timeoutMs: 30_000,
    });
    const { rows } = await log.pool.query(`SELECT count(*)::int AS n FROM "${v2.schemaName}".nodes`);
    expect(rows[0].n).toBe(appended);
    await live.stop();

    // A second build from zero, not switched, compares equal with the now-live v2 (no writes any more).
    const again = await log.rebuild('link-node', {
      logger: quietLogger,
      switchWhenEqual: false,
      progressIntervalMs: 200,
    });
    expect(again.switched).toBe(false);
    expect(
      (await compareVersions(log.pool, 'link-node', v2.schemaName, again.version.schemaName)).every(
        (t) => t.rowsA === t.rowsB && t.differingKeys.length === 0,
      ),
    ).toBe(true);

    // Old versions are dropped on request; the live one never.
    expect(await dropVersion(log.pool, 'link-node', v1.version)).toBe(true);
    expect(await dropVersion(log.pool, 'link-node', v2.version)).toBe(false);
    const { rowCount } = await log.pool.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [
      v1.schemaName,
    ]);
    expect(rowCount).toBe(0);
  });

  it('stops a build an operator cancels while it waits to freeze: the loop ends and the version never switches', {
    timeout: 120_000,
  }, async () => {
    for (let i = 0; i < 40; i++) await log.append(...documentAt(10_000 + i));
    // A live batch in flight holds the projection's lock shared: the build, caught up, waits for
    // it to take the lock exclusive and freeze — the last moment before a switch.
    let releaseBatch = () => {};
    const batchHeld = new Promise<void>((resolve) => {
      releaseBatch = resolve;
    });
    let lockTaken = (_pid: number) => {};
    const locked = new Promise<number>((resolve) => {
      lockTaken = resolve;
    });
    const batch = inTransaction(log.pool, async (db) => {
      await lockProjectionShared(db, 'order-status');
      lockTaken((await db.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);
      await batchHeld;
    });
    const batchPid = await locked;
    const rebuilding = log.rebuild('order-status', {
      logger: quietLogger,
      progressIntervalMs: 100,
    });
    let settled: { switched: boolean } | Error | undefined;
    rebuilding.then(
      (result) => {
        settled = result;
      },
      (error: Error) => {
        settled = error;
      },
    );
    await waitFor(
      async () =>
        (
          await log.pool.query(
            `SELECT 1 FROM pg_locks waiting JOIN pg_locks held USING (locktype, database, classid, objid, objsubid)
              WHERE locktype = 'advisory' AND NOT waiting.granted AND waiting.mode = 'ExclusiveLock'
                AND held.pid = $1 AND held.granted`,
            [batchPid],
          )
        ).rowCount === 1,
      { what: 'the build waiting to freeze', timeoutMs: 60_000 },
    );
    const building = (await listVersions(log.pool, 'order-status')).find((v) => v.state === 'building')!;
    // What DELETE /ops/rebuild/:projection does (query-api operations router).
    expect(await cancelPendingVersion(log.pool, 'order-status', 'ops-cancel', new Date())).toBe(
      building.version,
    );
    releaseBatch();
    await batch;

    await waitFor(() => settled !== undefined, { what: 'the build loop ended' });
    expect(settled).toMatchObject({ switched: false });
    expect(await findLiveVersion(log.pool, 'order-status')).toBeNull();
    const [version] = await listVersions(log.pool, 'order-status');
    expect(version).toMatchObject({ version: building.version, state: 'failed' });
    expect(version!.progress).toMatchObject({ failure: 'cancelled', cancelledBy: 'ops-cancel' });
  });

  it('resumes an operator’s rebuild its builder left building, and never while another instance holds the build lock', {
    timeout: 120_000,
  }, async () => {
    // A request claimed by a builder that then went away (killed, restarted, or its claim's
    // answer lost): the version is `building` and nothing builds it.
    const requested = await insertNextVersion(
      log.pool,
      log.namespace,
      'document-index',
      'requested',
      new Date(),
    );
    expect(await claimRequestedVersion(log.pool)).toMatchObject({
      version: requested.version,
      state: 'building',
    });
    const options = requestOptions();
    // Another instance building the projection holds its build lock: this one leaves it be.
    await withSessionLock(log.pool, buildLockOf('document-index'), async () => {
      expect(await runRequestedRebuild(options)).toBeUndefined();
    });
    expect(await listVersions(log.pool, 'document-index')).toMatchObject([
      { version: requested.version, state: 'building' },
    ]);
    // Once no one holds it, the next poll resumes the build, which catches up and switches.
    expect(await runRequestedRebuild(options)).toMatchObject({ switched: true });
    expect(await findLiveVersion(log.pool, 'document-index')).toMatchObject({ version: requested.version });
    expect(await runRequestedRebuild(options)).toBeUndefined();
  });

  it('replaces a live version that drifted from its log only when the operator accepts the differences', {
    timeout: 120_000,
  }, async () => {
    if (!(await findLiveVersion(log.pool, 'document-index'))) {
      for (let i = 0; i < 10; i++) await log.append(...documentAt(20_000 + i));
      await log.rebuild('document-index', { logger: quietLogger });
    }
    const live = (await findLiveVersion(log.pool, 'document-index'))!;
    // A live version no longer what its rules make of the log (a hand edit, a bug since fixed).
    const { rows: drifted } = await log.pool.query(
      `UPDATE "${live.schemaName}".documents SET partner_id = 'drifted'
        WHERE document_id = (SELECT min(document_id) FROM "${live.schemaName}".documents) RETURNING document_id`,
    );
    expect(drifted).toHaveLength(1);
    const options = requestOptions();
    const at = new Date();

    // Asked as before: built, compared, found to differ, not switched.
    const plain = await insertNextVersion(log.pool, log.namespace, 'document-index', 'requested', at);
    expect(await runRequestedRebuild(options)).toMatchObject({ switched: false });
    expect(await findLiveVersion(log.pool, 'document-index')).toMatchObject({ version: live.version });
    expect(
      (await listVersions(log.pool, 'document-index')).find((v) => v.version === plain.version),
    ).toMatchObject({
      state: 'failed',
      acceptDifferences: false,
    });

    // Asked to accept the differences (POST /ops/rebuild/{projection} {acceptDifferences: true}):
    // switched, and the drifted row is what the log says again.
    const accepting = await insertNextVersion(log.pool, log.namespace, 'document-index', 'requested', at, {
      acceptDifferences: true,
    });
    expect(accepting.acceptDifferences).toBe(true);
    expect(await runRequestedRebuild(options)).toMatchObject({ switched: true });
    const rebuilt = (await findLiveVersion(log.pool, 'document-index'))!;
    expect(rebuilt.version).toBe(accepting.version);
    const { rows } = await log.pool.query(
      `SELECT partner_id FROM "${rebuilt.schemaName}".documents WHERE document_id = $1`,
      [drifted[0].document_id],
    );
    expect(rows[0].partner_id).not.toBe('drifted');
  });
});
