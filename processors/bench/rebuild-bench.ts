import { createLogger } from '@tradelog/schemas';
import { examples } from '@tradelog/schemas/documents/examples';
import { createKafka } from '@tradelog/schemas/log/kafka';
import { uniqueName } from '../../tests/harness/index.ts';
import { decodeDocumentRecord } from '../src/documents/decode.ts';
import type { DocumentTypeId } from '../src/documents/event.ts';
import { projections } from '../src/projections.ts';
import { rebuildProjection } from '../src/rebuild/rebuild.ts';
import { createLogFixture } from '../src/testing/logFixture.ts';

/**
 * Rebuild rate of each projection next to a consume-and-decode-only pass over the same topics,
 * in the same run, as a percentage of it (the ceiling: the machine's noise cancels out). Needs
 * the local stack: `source <(bash deploy/local/stack.sh env)`, then `npm run bench:rebuild`
 * (BENCH_RECORDS=5000 by default; `-- --json` prints the JSON only).
 */
const records = Number(process.env.BENCH_RECORDS ?? 5000);
const services = {
  kafkaBrokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
  schemaRegistryUrl: process.env.SCHEMA_REGISTRY_URL ?? 'http://127.0.0.1:8081/apis/ccompat/v7',
  databaseUrl: process.env.DATABASE_URL ?? '',
};
if (!services.databaseUrl)
  throw new Error('DATABASE_URL is not set; source <(bash deploy/local/stack.sh env)');
const logger = createLogger({ service: 'rebuild-bench' }, { level: 'error' });
const log = await createLogFixture(services, logger, 'bench');
const kafka = createKafka({ brokers: services.kafkaBrokers, clientId: 'rebuild-bench', logger });

/** A realistic mix: orders moving through their states, logistics documents linking into chains. */
function documentAt(i: number): [DocumentTypeId, Record<string, unknown>] {
  const order = Math.floor(i / 6);
  switch (i % 6) {
    case 0:
      return [
        'purchase',
        { ...examples.purchase, entOrderNo: `B-PO-${order}`, contractNo: `B-CT-${order}`, orderStatus: '10' },
      ];
    case 1:
      return [
        'pod',
        {
          ...examples.pod,
          entOrderNo: `B-POD-${order}`,
          contractNo: `B-CT-${order}`,
          billNo: `B-BL-${order}`,
        },
      ];
    case 2:
      return [
        'clearance',
        {
          ...examples.clearance,
          entOrderNo: `B-CL-${order}`,
          blno: `B-BL-${order}`,
          inboundOrderNo: `B-IN-${order}`,
        },
      ];
    case 3:
      return [
        'inbound',
        { ...examples.inbound, customerCode: examples.purchase.customerCode, entOrderNo: `B-IN-${order}` },
      ];
    case 4:
      return ['tally', { ...examples.tally, orderNo: `B-TL-${order}`, inboundOrderNo: `B-IN-${order}` }];
    default:
      return [
        'purchase',
        { ...examples.purchase, entOrderNo: `B-PO-${order}`, contractNo: `B-CT-${order}`, orderStatus: '20' },
      ];
  }
}

try {
  let started = performance.now();
  for (let i = 0; i < records; i += 500) {
    await Promise.all(
      Array.from({ length: Math.min(500, records - i) }, (_, k) => log.append(...documentAt(i + k))),
    );
  }
  const appendSeconds = (performance.now() - started) / 1000;

  // Pass 1: consume and decode only (registry wire format, schema by id, headers), nothing written.
  const consumer = kafka.consumer({ groupId: uniqueName('bench-decode'), maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topics: log.topics, fromBeginning: true });
  let decoded = 0;
  let firstAt = 0;
  const done = new Promise<void>((resolve) => {
    void consumer.run({
      eachBatch: async ({ batch }) => {
        if (firstAt === 0) firstAt = performance.now();
        for (const message of batch.messages) {
          await decodeDocumentRecord(log.codec, {
            topic: batch.topic,
            partition: batch.partition,
            offset: message.offset,
            key: message.key,
            value: message.value,
            headers: message.headers ?? {},
          });
          decoded++;
        }
        if (decoded >= records) resolve();
      },
    });
  });
  started = performance.now();
  await done;
  const decodeSeconds = (performance.now() - started) / 1000;
  const decodeSteadySeconds = (performance.now() - firstAt) / 1000;
  await consumer.disconnect();

  const results: Record<string, unknown>[] = [];
  // BENCH_PROJECTIONS=link-node,… measures some projections only.
  // Only projections that read the mix's documents (the feed projections read none of them).
  const mixTypes = new Set(Array.from({ length: 6 }, (_, i) => documentAt(i)[0]));
  const only = process.env.BENCH_PROJECTIONS?.split(',').filter(Boolean);
  for (const projection of Object.values(projections).filter(
    (p) =>
      p.declaration.reads.some((type) => mixTypes.has(type)) && (!only || only.includes(p.declaration.name)),
  )) {
    const result = await rebuildProjection({
      brokers: services.kafkaBrokers,
      pool: log.pool,
      codec: log.codec,
      projection,
      topicOf: log.topicOf,
      namespace: log.namespace,
      logger,
      progressIntervalMs: 250,
    });
    const seconds = result.progress.elapsedMs / 1000;
    const recordsPerSecond = Math.round(result.progress.recordsApplied / seconds);
    results.push({
      projection: projection.declaration.name,
      records: result.progress.recordsApplied,
      seconds: seconds.toFixed(1),
      recordsPerSecond,
      // The ceiling, from the same run: consume and decode only, group join included on both sides.
      percentOfDecodeOnly: Math.round((100 * recordsPerSecond) / (records / decodeSeconds)),
    });
  }
  const decodeRate = Math.round(records / decodeSeconds);
  if (!process.argv.includes('--json')) {
    process.stdout.write(`decode only (ceiling)   ${String(decodeRate).padStart(7)} rec/s\n`);
    for (const r of results)
      process.stdout.write(
        `rebuild ${String(r.projection).padEnd(16)} ${String(r.recordsPerSecond).padStart(7)} rec/s = ${r.percentOfDecodeOnly}% of decode only (target ≥ 25%)\n`,
      );
  }
  process.stdout.write(
    `${JSON.stringify(
      {
        records,
        appendRecordsPerSecond: Math.round(records / appendSeconds),
        decodeOnly: {
          seconds: decodeSeconds.toFixed(1),
          recordsPerSecond: Math.round(records / decodeSeconds),
          recordsPerSecondAfterGroupJoin: Math.round(records / decodeSteadySeconds),
        },
        rebuild: results,
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await log.close();
}
