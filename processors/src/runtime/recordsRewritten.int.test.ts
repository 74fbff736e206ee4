import {
  findLiveVersion,
  insertNextVersion,
  listVersions,
  readCheckpoints,
  saveCheckpoints,
} from '@tradelog/projections';
import { examples } from '@tradelog/schemas/documents/examples';
import { readLogSnapshot } from '@tradelog/schemas/kit/log/logSnapshot';
import { createRecordReader } from '@tradelog/schemas/kit/log/records';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLogger, testServices, waitFor } from '../../../tests/harness/index.ts';
import { createLogFixture, type LogFixture } from '../testing/logFixture.ts';
import { ensureLiveVersion } from './supervisor.ts';

/**
 * A Kafka restored in place from an older backup (projections/src/logBinding.ts, rule 6): the
 * cluster and topic ids are the backup's, and once new records have grown a partition past a
 * checkpoint, no offset tells the logs apart. The record at the checkpoint's last applied offset
 * does: a checkpoint names it by its timestamp, and every join reads it back.
 *
 * The disks are swapped in the fault suite (tests/faults/logRestored.e2e.test.ts); here the
 * checkpoint is made to name the record an older log held at that offset (the same purchase,
 * written a minute earlier): for the consumer the two are the same fault, the record at its last
 * offset not being the one it applied.
 */
describe('a log restored in place from an older backup', () => {
  const services = testServices();
  let log: LogFixture;
  beforeAll(async () => {
    log = await createLogFixture(services, quietLogger, 'rw');
  });
  afterAll(async () => {
    await log?.close();
  });

  const purchase = (orderStatus: string, extra: Record<string, unknown> = {}) => ({
    ...examples.purchase,
    entOrderNo: 'RW-PO-1',
    orderStatus,
    ...extra,
  });
  const historyOf = async (schema: string) =>
    (await log.pool.query(`SELECT history FROM "${schema}".orders WHERE order_no = 'RW-PO-1'`)).rows[0]
      ?.history as unknown[] | undefined;
  it('stops the live projection when the record at its checkpoint is another one, and the rebuild reads the log as it is', {
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
      // The join read the record back and found it the one applied: the consumer runs.
      expect(first.health().logReplaced).toBeUndefined();
    } finally {
      await first.stop();
    }

    // The checkpoint names the record it applied by the timestamp Kafka keeps for it.
    const topic = log.topicOf('purchase');
    const reader = createRecordReader({ brokers: services.kafkaBrokers, clientId: 'rw-reader' });
    const inLog = await reader
      .read(topic, applied.partition, BigInt(applied.offset), 1)
      .finally(() => reader.close());
    const [checkpoint] = (await readCheckpoints(log.pool, version.consumerGroup)).filter(
      (c) => c.topic === topic && c.partition === applied.partition,
    );
    expect(checkpoint).toMatchObject({
      nextOffset: String(Number(applied.offset) + 1),
      lastTimestamp: inLog.records[0]?.timestamp,
    });

    // The restore: the record applied at that offset was the older log's, written a minute earlier.
    const older = String(BigInt(checkpoint!.lastTimestamp!) - 60_000n);
    await log.pool.query(
      `UPDATE projection_checkpoints SET last_record_timestamp = $4
       WHERE consumer_group = $1 AND topic = $2 AND partition = $3`,
      [version.consumerGroup, topic, applied.partition, older],
    );
    // New records grow the partition past the checkpoint: no offset tells the logs apart.
    const later = await log.append('purchase', purchase('20', { inboundTime: '2024-03-06 10:00:00' }));
    expect(later.partition).toBe(applied.partition);

    const again = log.projectionConsumer('order-status', version);
    await again.start();
    try {
      const replaced = await waitFor(() => again.health().logReplaced, {
        what: 'the projection stopped on the record at its checkpoint',
      });
      expect(replaced.mismatches).toEqual([
        expect.objectContaining({
          topic,
          partition: applied.partition,
          reason: 'records-rewritten',
          checkpoint: expect.objectContaining({ lastTimestamp: older }),
          log: expect.objectContaining({ lastTimestamp: checkpoint!.lastTimestamp }),
        }),
      ]);
      expect(replaced.message.en).toContain('POST /ops/rebuild/order-status');
      // Nothing was applied on the log it does not know.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await historyOf(version.schemaName)).toHaveLength(1);
      // Readers that read no records are told too: the finding is kept with the checkpoint.
      const stored = await readCheckpoints(log.pool, version.consumerGroup);
      expect(stored.find((c) => c.topic === topic && c.partition === applied.partition)?.foundTimestamp).toBe(
        checkpoint!.lastTimestamp,
      );
      expect(await log.summaryOf(version)).toMatchObject({ logReplaced: true });
    } finally {
      await again.stop();
    }

    // The operator's rebuild reads the log as it is now, then goes live and runs.
    const rebuilt = await log.rebuild('order-status', { logger: quietLogger, progressIntervalMs: 200 });
    expect(rebuilt.switched).toBe(true);
    const live = await findLiveVersion(log.pool, 'order-status');
    expect(live?.version).toBe(rebuilt.version.version);
    // A live version of another log bounds nothing: the build read the log up to its ends.
    expect(await historyOf(rebuilt.version.schemaName)).toHaveLength(2);
    expect(await log.summaryOf(live!)).toMatchObject({ logReplaced: false, recordsBehind: 0 });
    const after = log.projectionConsumer('order-status', live!);
    await after.start();
    try {
      await log.append('purchase', purchase('30', { outboundTime: '2024-03-08 10:00:00' }));
      await waitFor(async () => (await historyOf(rebuilt.version.schemaName))?.length === 3, {
        what: 'a record after the rebuild applied',
      });
      expect(await log.summaryOf(live!)).toMatchObject({ logReplaced: false, recordsBehind: 0 });
      expect(after.health().logReplaced).toBeUndefined();
    } finally {
      await after.stop();
    }
  });

  it('fails a resumed rebuild whose last record is another one, naming it, instead of waiting for its deadline', {
    timeout: 120_000,
  }, async () => {
    const pods = [];
    for (let i = 0; i < 3; i++)
      pods.push(await log.append('pod', { ...examples.pod, entOrderNo: 'RW-POD-1', billNo: `RW-BL-${i}` }));
    const [first] = pods;
    // A build that applied the first pod on a log since restored in place, and was interrupted.
    const version = await insertNextVersion(
      log.pool,
      log.namespace,
      'document-index',
      'building',
      new Date(),
    );
    const reader = createRecordReader({ brokers: services.kafkaBrokers, clientId: 'rw-reader' });
    const inLog = await reader
      .read(first!.topic, first!.partition, BigInt(first!.offset), 1)
      .finally(() => reader.close());
    const snapshot = await readLogSnapshot({ brokers: services.kafkaBrokers, topics: log.topics });
    await saveCheckpoints(
      log.pool,
      version.consumerGroup,
      [
        {
          topic: first!.topic,
          partition: first!.partition,
          nextOffset: String(Number(first!.offset) + 1),
          recordsApplied: 1,
          lastTimestamp: String(BigInt(inLog.records[0]!.timestamp) - 60_000n),
        },
      ],
      new Date(),
      snapshot,
    );
    const build = log.rebuild('document-index', { logger: quietLogger, progressIntervalMs: 50, version });
    await expect(build).rejects.toThrow(
      `the build's checkpoints do not agree with the log (records-rewritten: ${first!.topic}/${first!.partition})`,
    );
    expect(
      (await listVersions(log.pool, 'document-index')).find((v) => v.version === version.version),
    ).toMatchObject({
      state: 'failed',
    });
  });
});
