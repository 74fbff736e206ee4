import {
  findLiveVersion,
  insertDeadLetter,
  listDeadLetters,
  markDeadLetterRetrying,
  readCheckpoints,
} from '@tradelog/projections';
import { TradelogError } from '@tradelog/schemas';
import { examples } from '@tradelog/schemas/documents/examples';
import { encodeDocumentHeaders, newDocumentId } from '@tradelog/schemas/kit/log/headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLogger, readRecords, testServices, waitFor } from '../../../tests/harness/index.ts';
import { untyped } from '../documents/event.ts';
import { projections } from '../projections.ts';
import { createLogFixture, type LogFixture } from '../testing/logFixture.ts';
import type { createProjectionConsumer } from './consumer.ts';
import type { Projection } from './projection.ts';
import { ensureLiveVersion } from './supervisor.ts';

// Given these records, when the processor has applied them, then these rows (house style §5).
describe('projection consumer runtime', () => {
  const services = testServices();
  let log: LogFixture;
  beforeAll(async () => {
    log = await createLogFixture(services, quietLogger, 'rt');
  });
  afterAll(async () => {
    await log?.close();
  });

  const purchase = (entOrderNo: string, orderStatus: string, extra: Record<string, unknown> = {}) => ({
    ...examples.purchase,
    entOrderNo,
    orderStatus,
    ...extra,
  });

  async function liveConsumer(
    name: 'order-status' | 'document-index' | 'link-node',
    extra: Partial<Parameters<typeof createProjectionConsumer>[0]> = {},
  ) {
    const version = await ensureLiveVersion(log.pool, log.namespace, name);
    const consumer = log.projectionConsumer(name, version, {
      changes: { producer: log.producer, topic: log.changesTopic },
      ...extra,
    });
    return { version, consumer };
  }

  it('applies documents from the real topics into the tables, with checkpoints, and publishes change events', async () => {
    await log.append('purchase', purchase('RT-PO-1', '10'));
    await log.append('purchase', purchase('RT-PO-1', '20', { inboundTime: '2024-03-06 10:00:00' }));
    await log.append('purchase', purchase('RT-PO-1', '10', { payTime: '2024-03-07 00:00:00' }));
    const { version, consumer } = await liveConsumer('order-status');
    await consumer.start();
    try {
      const order = await waitFor(
        async () => {
          const { rows } = await log.pool.query(
            `SELECT status, history FROM "${version.schemaName}".orders WHERE order_no = 'RT-PO-1'`,
          );
          return rows[0]?.history.length === 3 ? rows[0] : undefined;
        },
        { what: 'order with three history entries' },
      );
      expect(order.status).toBe('20');
      expect(order.history.map((h: { outcome: string }) => h.outcome)).toEqual([
        'applied',
        'applied',
        'rejected-terminal',
      ]);
      const checkpoints = await readCheckpoints(log.pool, version.consumerGroup);
      expect(checkpoints.reduce((sum, c) => sum + Number(c.recordsApplied), 0)).toBe(3);
      const changes = await readRecords(services.kafkaBrokers, log.changesTopic, 2);
      const kinds = changes.map((record) => JSON.parse(record.value!.toString()).kind);
      expect(kinds).toEqual(['order.created', 'order.status-changed']);
      await waitFor(
        async () => (await log.pool.query('SELECT count(*)::int AS n FROM change_outbox')).rows[0].n === 0,
        { what: 'outbox drained' },
      );
    } finally {
      await consumer.stop();
    }
  });

  it('after a crash mid-batch and a restart, leaves exactly the expected rows', async () => {
    const appended = [];
    for (let i = 0; i < 12; i++)
      appended.push(await log.append('pod', { ...examples.pod, entOrderNo: `RT-POD-${i}` }));
    const expected = (await log.pool.query('SELECT 1')).rowCount; // connection sanity
    expect(expected).toBe(1);
    const total = 12 + 3; // and the three purchases of the first test
    let crashes = 0;
    const first = await liveConsumer('document-index', {
      // Crash inside the first batch's transaction, after its rows were written: nothing of it
      // may remain, and the batch is applied again (a dependency fault, retried).
      beforeCommit: (applied) => {
        if (crashes === 0 && applied > 0) {
          crashes++;
          throw new TradelogError('SIMULATED_CRASH', 'simulated crash mid-batch', { retriable: true });
        }
      },
    });
    await first.consumer.start();
    const count = async () =>
      Number(
        (await log.pool.query(`SELECT count(*) FROM "${first.version.schemaName}".documents`)).rows[0].count,
      );
    await waitFor(async () => crashes === 1 && (await count()) > 0, { what: 'crash and some progress' });
    // Kill the consumer now (disconnect without letting it finish), then restart a fresh one.
    await first.consumer.stop();
    for (let i = 12; i < 16; i++)
      appended.push(await log.append('pod', { ...examples.pod, entOrderNo: `RT-POD-${i}` }));
    const second = await liveConsumer('document-index');
    await second.consumer.start();
    try {
      await waitFor(async () => (await count()) === total + 4, {
        what: 'all documents indexed',
        timeoutMs: 40_000,
      });
      const { rows } = await log.pool.query(
        `SELECT count(*)::int AS n, count(DISTINCT (topic, partition, record_offset))::int AS positions FROM "${first.version.schemaName}".documents`,
      );
      expect(rows[0]).toEqual({ n: total + 4, positions: total + 4 });
      const checkpoints = await readCheckpoints(log.pool, first.version.consumerGroup);
      expect(checkpoints.reduce((sum, c) => sum + Number(c.recordsApplied), 0)).toBe(total + 4);
      for (const record of appended) {
        const checkpoint = checkpoints.find(
          (c) => c.topic === record.topic && c.partition === record.partition,
        )!;
        expect(BigInt(checkpoint.nextOffset)).toBeGreaterThan(BigInt(record.offset));
      }
    } finally {
      await second.consumer.stop();
    }
  });

  it('dead-letters records that cannot be decoded or applied and goes on; an operator retry counts an attempt', async () => {
    const headers = encodeDocumentHeaders({
      documentId: newDocumentId(),
      partnerId: 'partner-test',
      receivedAt: new Date().toISOString(),
      contentSha256: 'x',
      interfaceId: 'pod',
      schemaId: 1,
      requestId: 'r',
    });
    await log.appendRaw('pod', Buffer.from('not in the wire format'), headers, 'garbage');
    await log.appendRaw(
      'pod',
      log.codec.encodeRaw(1, Buffer.from('{}')),
      { 'tradelog-document-id': 'x' },
      'no-headers',
    );
    await log.append('pod', { ...examples.pod, entOrderNo: 'RT-AFTER-DEAD' });
    const { version, consumer } = await liveConsumer('link-node');
    await consumer.start();
    try {
      await waitFor(
        async () =>
          (
            await log.pool.query(
              `SELECT 1 FROM "${version.schemaName}".nodes WHERE business_key = 'RT-AFTER-DEAD'`,
            )
          ).rowCount === 1,
        { what: 'document after the dead letters applied' },
      );
      // The three records have different keys, so they may sit on different partitions: the good
      // document being applied says nothing about the others' partitions. Wait for both letters.
      const letters = await waitFor(
        async () => {
          const found = await listDeadLetters(log.pool, { projection: 'link-node', limit: 10 });
          return found.length >= 2 ? found : undefined;
        },
        { what: 'both dead letters' },
      );
      expect(letters.map((l) => [l.recordKey?.toString(), l.errorCode]).sort()).toEqual([
        ['garbage', 'WIRE_FORMAT_INVALID'],
        ['no-headers', 'RECORD_HEADERS_INVALID'],
      ]);
      await markDeadLetterRetrying(log.pool, letters[0]!.id);
      await waitFor(
        async () =>
          (await listDeadLetters(log.pool, { projection: 'link-node', state: 'open', limit: 10 })).find(
            (l) => l.id === letters[0]!.id,
          )?.attempts === 2,
        {
          what: 'retried dead letter failing again',
        },
      );
      expect((await findLiveVersion(log.pool, 'link-node'))?.schemaName).toBe(version.schemaName);

      // The same record's letter of another version (one a rebuild replaced), marked retrying:
      // not this consumer's to apply. It claimed it on every tick, failed it again and counted
      // the attempt on its own letter, twice a second for ever.
      const own = letters[0]!;
      await insertDeadLetter(log.pool, {
        ...own,
        consumerGroup: `${version.consumerGroup}-replaced`,
        failedAt: new Date(),
      });
      const [other] = (await listDeadLetters(log.pool, { projection: 'link-node', limit: 10 })).filter(
        (letter) => letter.consumerGroup === `${version.consumerGroup}-replaced`,
      );
      await markDeadLetterRetrying(log.pool, other!.id);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const after = await listDeadLetters(log.pool, { projection: 'link-node', limit: 10 });
      expect(after.find((letter) => letter.id === own.id)).toMatchObject({ state: 'open', attempts: 2 });
      expect(after.find((letter) => letter.id === other!.id)).toMatchObject({
        state: 'retrying',
        attempts: 1,
      });
    } finally {
      await consumer.stop();
    }
  });

  it('applies a dead letter again when an operator retries it after the cause is fixed', async () => {
    // A projection that cannot apply one document until "a fix is deployed".
    let fixed = false;
    const flaky: Projection = {
      ...projections['order-status'],
      async applyBatch(db, schema, events) {
        if (!fixed && events.some((event) => untyped(event.document).entOrderNo === 'RT-FLAKY'))
          throw new TradelogError('APPLY_BUG', 'cannot apply this order yet');
        return projections['order-status'].applyBatch(db, schema, events);
      },
    };
    const { version, consumer } = await liveConsumer('order-status', { projection: flaky });
    await log.append('purchase', purchase('RT-FLAKY', '10'));
    await log.append('purchase', purchase('RT-AFTER-FLAKY', '10'));
    await consumer.start();
    try {
      const orderNos = async () =>
        (
          await log.pool.query(`SELECT order_no FROM "${version.schemaName}".orders ORDER BY order_no`)
        ).rows.map((r) => r.order_no);
      await waitFor(async () => (await orderNos()).includes('RT-AFTER-FLAKY'), {
        what: 'order after the failing one',
      });
      // The two orders have different keys, so they may sit on different partitions: the second
      // being applied says nothing about the first. Wait for its dead letter.
      const letter = await waitFor(
        async () =>
          (await listDeadLetters(log.pool, { projection: 'order-status', limit: 10 })).find(
            (l) => l.errorCode === 'APPLY_BUG',
          ),
        { what: 'the failing order dead-lettered' },
      );
      expect(await orderNos()).not.toContain('RT-FLAKY');
      expect(letter).toMatchObject({ state: 'open', attempts: 1 });
      fixed = true;
      await markDeadLetterRetrying(log.pool, letter.id);
      await waitFor(async () => (await orderNos()).includes('RT-FLAKY'), {
        what: 'retried dead letter applied',
      });
      const [resolved] = (
        await listDeadLetters(log.pool, { projection: 'order-status', state: 'resolved', limit: 10 })
      ).filter((l) => l.id === letter.id);
      expect(resolved?.resolvedAt).toBeInstanceOf(Date);
    } finally {
      await consumer.stop();
    }
  });
});
