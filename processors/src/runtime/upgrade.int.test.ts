import { findBuildingVersion, findLiveVersion, listVersions, readCheckpoints } from '@tradelog/projections';
import { examples } from '@tradelog/schemas/documents/examples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLogger, testServices, waitFor } from '../../../tests/harness/index.ts';
import { endOffsetsOf, recordsBelow } from '../../../tests/harness/projectionsApplied.ts';
import { projections } from '../projections.ts';
import { RebuildStopped, rebuildProjection } from '../rebuild/rebuild.ts';
import { createLogFixture, type LogFixture } from '../testing/logFixture.ts';
import type { Projection } from './projection.ts';
import { superviseLiveProjection } from './supervisor.ts';

/**
 * Upgrading a projection (processors/README.md "Upgrading a projection"): code of a newer
 * revision finds a live version built by an older one, keeps readers on it while it rebuilds
 * the projection beside it, switches when caught up (differences accepted), and goes on live.
 */
describe('a projection upgraded to a new revision', () => {
  const services = testServices();
  let log: LogFixture;
  const running: ReturnType<typeof superviseLiveProjection>[] = [];

  beforeAll(async () => {
    log = await createLogFixture(services, quietLogger, 'up');
  });
  afterAll(async () => {
    for (const supervisor of running) await supervisor.stop();
    await log?.close();
  });

  const purchase = (i: number) =>
    log.append('purchase', { ...examples.purchase, entOrderNo: `UP-PO-${i}`, orderStatus: '10' });
  const supervise = (projection: Projection) => {
    const supervisor = superviseLiveProjection({
      brokers: services.kafkaBrokers,
      pool: log.pool,
      codec: log.codec,
      projection,
      topicOf: log.topicOf,
      namespace: log.namespace,
      logger: quietLogger,
      upgradePollMs: 200,
    });
    running.push(supervisor);
    return supervisor;
  };
  const orders = async (schema: string) =>
    Number(
      (await log.pool.query(`SELECT count(*) AS n FROM "${schema}".orders WHERE order_no LIKE 'UP-PO-%'`))
        .rows[0].n,
    );

  it('keeps readers on the old version while one of two instances rebuilds, switches, and applies what arrives after', {
    timeout: 120_000,
  }, async () => {
    const current = projections['order-status'];
    const older: Projection = {
      ...current,
      declaration: { ...current.declaration, revision: current.declaration.revision - 1 },
    };
    for (let i = 0; i < 40; i++) await purchase(i);
    const old = supervise(older);
    await old.start();
    const v1 = (await findLiveVersion(log.pool, 'order-status'))!;
    expect(v1.revision).toBe(current.declaration.revision - 1);
    await waitFor(async () => (await orders(v1.schemaName)) === 40, { what: 'the old revision applied' });
    await old.stop();

    // Two instances of the new code: one builds, the other waits for the switch.
    const upgraded = [supervise(current), supervise(current)];
    for (const supervisor of upgraded) await supervisor.start();
    expect(upgraded.map((s) => s.health()?.upgrading?.fromVersion)).toEqual([v1.version, v1.version]);
    for (let i = 40; i < 60; i++) await purchase(i);

    const v2 = await waitFor(
      async () => {
        const live = await findLiveVersion(log.pool, 'order-status');
        return live && live.version !== v1.version ? live : undefined;
      },
      { what: 'the rebuilt version live', timeoutMs: 60_000 },
    );
    expect(v2.revision).toBe(current.declaration.revision);
    const versions = await listVersions(log.pool, 'order-status');
    expect(versions.map((v) => [v.version, v.state])).toEqual([
      [v1.version, 'retired'],
      [v2.version, 'live'],
    ]);
    // Both instances run the new live version and apply what arrived meanwhile and after, once.
    await waitFor(() => upgraded.every((s) => s.version()?.version === v2.version), { what: 'both moved' });
    for (let i = 60; i < 70; i++) await purchase(i);
    await waitFor(async () => (await orders(v2.schemaName)) === 70, { what: 'the new version applied all' });
    const applied = (await readCheckpoints(log.pool, v2.consumerGroup)).reduce(
      (sum, c) => sum + Number(c.recordsApplied),
      0,
    );
    expect(applied).toBe(70);
    expect(upgraded.every((s) => s.health()?.upgrading === undefined)).toBe(true);
  });

  it('resumes a build that was stopped after it had applied everything, and switches', {
    timeout: 120_000,
  }, async () => {
    const current = projections['document-index'];
    const older: Projection = {
      ...current,
      declaration: { ...current.declaration, revision: current.declaration.revision - 1 },
    };
    for (let i = 100; i < 110; i++) await purchase(i);
    const total = recordsBelow(await endOffsetsOf(services.kafkaBrokers, log.topics));
    const old = supervise(older);
    await old.start();
    const v1 = (await findLiveVersion(log.pool, 'document-index'))!;
    const appliedBy = async (group: string) =>
      (await readCheckpoints(log.pool, group)).reduce((sum, c) => sum + Number(c.recordsApplied), 0);
    await waitFor(async () => (await appliedBy(v1.consumerGroup)) === total, {
      what: 'the old revision applied',
    });
    await old.stop();

    const build = (options: Partial<Parameters<typeof rebuildProjection>[0]>) =>
      rebuildProjection({
        brokers: services.kafkaBrokers,
        pool: log.pool,
        codec: log.codec,
        projection: current,
        topicOf: log.topicOf,
        namespace: log.namespace,
        logger: quietLogger,
        acceptDifferences: true,
        progressIntervalMs: 100,
        ...options,
      });
    // The first build never freezes and is stopped once it has applied every record.
    const stop = new AbortController();
    await expect(
      build({
        freezeWithinRecords: -1,
        signal: stop.signal,
        onProgress: (progress) => {
          if (progress.remainingLag === 0) stop.abort();
        },
      }),
    ).rejects.toBeInstanceOf(RebuildStopped);
    const left = (await findBuildingVersion(log.pool, 'document-index', current.declaration.revision))!;
    expect(await appliedBy(left.consumerGroup)).toBe(total);

    // Resumed, it has nothing more to apply on any partition and must still reach the switch.
    const resumed = await build({ version: left, freezeTimeoutMs: 2_000, timeoutMs: 30_000 });
    expect(resumed.switched).toBe(true);
    expect((await findLiveVersion(log.pool, 'document-index'))?.version).toBe(left.version);
  });
});
