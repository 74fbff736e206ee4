import {
  findLiveVersion,
  insertNextVersion,
  listVersions,
  logMismatches,
  owedCheckpoints,
  readCheckpoints,
  saveCheckpoints,
} from '@tradelog/projections';
import { examples } from '@tradelog/schemas/documents/examples';
import { readLogSnapshot } from '@tradelog/schemas/kit/log/logSnapshot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLogger, testServices, waitFor, withKafkaAdmin } from '../../../tests/harness/index.ts';
import { createLogFixture, type LogFixture } from '../testing/logFixture.ts';
import { ensureLiveVersion } from './supervisor.ts';

/**
 * Records an operator deletes from a topic (`kafka-delete-records`, a retention set on it) before
 * a projection applied them (projections/src/logBinding.ts, rule 5): Kafka answers "offset out of
 * range" and a consumer would read on from the partition's new start. The projection stops and
 * says so instead; the operator's rebuild builds from what the log still holds, and the version
 * it makes live is not stopped again for records deleted before it began.
 */
describe('records deleted from the log before they were applied', () => {
  const services = testServices();
  let log: LogFixture;
  beforeAll(async () => {
    log = await createLogFixture(services, quietLogger, 'rd');
  });
  afterAll(async () => {
    await log?.close();
  });

  const purchase = (orderStatus: string, extra: Record<string, unknown> = {}) => ({
    ...examples.purchase,
    entOrderNo: 'RD-PO-1',
    orderStatus,
    ...extra,
  });
  /** Every record of a topic, deleted as `kafka-delete-records` does (up to each end). */
  async function deleteEvery(type: 'purchase' | 'pod'): Promise<void> {
    await withKafkaAdmin({ brokers: services.kafkaBrokers, clientId: 'rd-admin' }, async (admin) => {
      const topic = log.topicOf(type);
      const offsets = await admin.fetchTopicOffsets(topic);
      await admin.deleteTopicRecords({
        topic,
        partitions: offsets.map((o) => ({ partition: o.partition, offset: o.high })),
      });
    });
  }
  const historyOf = async (schema: string) =>
    (await log.pool.query(`SELECT history FROM "${schema}".orders WHERE order_no = 'RD-PO-1'`)).rows[0]
      ?.history as unknown[] | undefined;

  it('stops the live projection naming them, applies nothing past them, and the rebuild goes on from the log as it is', {
    timeout: 120_000,
  }, async () => {
    const version = await ensureLiveVersion(log.pool, log.namespace, 'order-status');
    const applied = await log.append('purchase', purchase('10'));
    const first = log.projectionConsumer('order-status', version);
    await first.start();
    try {
      await waitFor(async () => (await historyOf(version.schemaName))?.length === 1, {
        what: 'the first purchase applied',
      });
    } finally {
      await first.stop();
    }

    // While the projection is down: two more records of the same order, then every record of
    // the topic deleted. The checkpoint is now below the partition's start.
    await log.append('purchase', purchase('20', { inboundTime: '2024-03-06 10:00:00' }));
    const last = await log.append('purchase', purchase('30', { outboundTime: '2024-03-08 10:00:00' }));
    expect(last.partition).toBe(applied.partition);
    await deleteEvery('purchase');

    const again = log.projectionConsumer('order-status', version);
    await again.start();
    try {
      const replaced = await waitFor(() => again.health().logReplaced, {
        what: 'the projection stopped on the deleted records',
      });
      expect(replaced.mismatches).toContainEqual(
        expect.objectContaining({
          topic: log.topicOf('purchase'),
          partition: applied.partition,
          reason: 'records-deleted',
          checkpoint: expect.objectContaining({ nextOffset: String(Number(applied.offset) + 1) }),
          log: expect.objectContaining({ start: String(Number(last.offset) + 1) }),
        }),
      );
      expect(replaced.message.en).toContain('POST /ops/rebuild/order-status');
      // Readers are told too: no answer of this version passes for current.
      expect(await log.summaryOf(version)).toMatchObject({ logReplaced: true });
      // Nothing past the deleted records was applied: a record appended now waits too.
      await log.append('purchase', purchase('10', { payTime: '2024-03-09 00:00:00' }));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await historyOf(version.schemaName)).toHaveLength(1);
      const checkpoints = await readCheckpoints(log.pool, version.consumerGroup);
      expect(checkpoints.find((c) => c.partition === applied.partition)?.nextOffset).toBe(
        String(Number(applied.offset) + 1),
      );
    } finally {
      await again.stop();
    }

    // The operator's rebuild: from each partition's start, then live.
    const rebuilt = await log.rebuild('order-status', { logger: quietLogger, progressIntervalMs: 200 });
    expect(rebuilt.switched).toBe(true);
    const live = await findLiveVersion(log.pool, 'order-status');
    expect(live?.version).toBe(rebuilt.version.version);
    // The record appended after the deletion is the order's only history in the new version.
    expect(await historyOf(rebuilt.version.schemaName)).toHaveLength(1);
    // Its checkpoints agree with the log, partitions it never read included.
    const topics = [...new Set(log.topics)];
    const snapshot = await readLogSnapshot({ brokers: services.kafkaBrokers, topics, starts: true });
    const stored = await readCheckpoints(log.pool, rebuilt.version.consumerGroup);
    expect(logMismatches(owedCheckpoints(stored, snapshot, topics), snapshot)).toEqual([]);
    expect(await log.summaryOf(live!)).toMatchObject({ logReplaced: false, recordsBehind: 0 });
    // And the live version it became runs: a new record is applied.
    const after = log.projectionConsumer('order-status', live!);
    await after.start();
    try {
      await log.append('purchase', purchase('20', { inboundTime: '2024-03-10 10:00:00' }));
      await waitFor(async () => (await historyOf(rebuilt.version.schemaName))?.length === 2, {
        what: 'a record after the rebuild applied',
      });
      expect(after.health().logReplaced).toBeUndefined();
    } finally {
      await after.stop();
    }
  });

  it('fails a resumed rebuild whose records were deleted before it reached them, naming them, instead of waiting for its deadline', {
    timeout: 120_000,
  }, async () => {
    const pods = await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        log.append('pod', { ...examples.pod, entOrderNo: 'RD-POD-1', billNo: `RD-BL-${i}` }),
      ),
    );
    // A build that applied the first pod and was interrupted (its builder restarted) ...
    const version = await insertNextVersion(
      log.pool,
      log.namespace,
      'document-index',
      'building',
      new Date(),
    );
    const snapshot = await readLogSnapshot({ brokers: services.kafkaBrokers, topics: log.topics });
    await saveCheckpoints(
      log.pool,
      version.consumerGroup,
      [{ topic: pods[0]!.topic, partition: pods[0]!.partition, nextOffset: '1', recordsApplied: 1 }],
      new Date(),
      snapshot,
    );
    // ... while the pods it had not reached were deleted.
    await deleteEvery('pod');
    const build = log.rebuild('document-index', { logger: quietLogger, progressIntervalMs: 50, version });
    await expect(build).rejects.toThrow(
      `records the build had not applied were deleted from the log (${pods[0]!.topic}/${pods[0]!.partition}: applied up to 1, the log now starts at 3)`,
    );
    expect(await listVersions(log.pool, 'document-index')).toEqual([
      expect.objectContaining({ version: version.version, state: 'failed' }),
    ]);
  });
});
