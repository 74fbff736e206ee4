import { createLogger } from '@tradelog/schemas';
import { examples } from '@tradelog/schemas/documents/examples';
import { createKafka } from '@tradelog/schemas/kit/log/kafka';
import { uniqueName } from '../../tests/harness/index.ts';
import { decodeDocumentRecord } from '../src/documents/decode.ts';
import type { DocumentTypeId } from '../src/documents/event.ts';
import { projections } from '../src/projections.ts';
import { rebuildProjection } from '../src/rebuild/rebuild.ts';
import { createLogFixture } from '../src/testing/logFixture.ts';

/**
 * Rebuild rate of each projection next to a consume-and-decode-only pass over the same topics,
 * in the same run, as a percentage of it (the ceiling: the machine's noise cancels out). Needs
 * the local stack: `source <(bash deploy/local/stack.sh env)`, then `npm run bench:rebuild`.
 *
 * - `BENCH_RECORDS=10000,40000`: one log per size (5000 by default), each measured on its own
 *   (append, decode-only, each rebuild); the summary gives each projection's rate at each size
 *   beside decode-only and the largest size's rate as a share of the smallest's (a rebuild whose
 *   cost per record does not grow with history keeps it near 100 %; issue target ≥ 80 %).
 * - `BENCH_CASE=mix` (default): the documents of one enterprise sharing the example documents'
 *   business keys and one financing, so link-node grows a single chain holding every document.
 *   `BENCH_CASE=giant-chain`: one enterprise, one contract number on every purchase, port
 *   arrival, clearance and tally (and no business key shared otherwise), every purchase drawing
 *   on one financing line (opened at 10, repaid at 20, order by order): one chain held together
 *   by one number, whose nodes, pieces and purchases grow without bound. `BENCH_CASE=double-financed`:
 *   the giant chain with a second financing line drawn on by the second order and never repaid,
 *   so that two open financings hold the chain and every piece it gains pairs them.
 * - `BENCH_PROJECTIONS=link-node,…` measures some projections only; `-- --json` prints the JSON only.
 */
const sizes = (process.env.BENCH_RECORDS ?? '5000').split(',').map(Number);
if (sizes.some((size) => !Number.isInteger(size) || size <= 0))
  throw new Error(
    `BENCH_RECORDS must be positive integers separated by commas, got ${process.env.BENCH_RECORDS}`,
  );
const benchCase = process.env.BENCH_CASE ?? 'mix';
if (benchCase !== 'mix' && benchCase !== 'giant-chain' && benchCase !== 'double-financed')
  throw new Error(`BENCH_CASE must be mix, giant-chain or double-financed, got ${benchCase}`);
const json = process.argv.includes('--json');
const services = {
  kafkaBrokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
  schemaRegistryUrl: process.env.SCHEMA_REGISTRY_URL ?? 'http://127.0.0.1:8081/apis/ccompat/v7',
  databaseUrl: process.env.DATABASE_URL ?? '',
};
if (!services.databaseUrl)
  throw new Error('DATABASE_URL is not set; source <(bash deploy/local/stack.sh env)');
const logger = createLogger({ service: 'rebuild-bench' }, { level: 'error' });
const kafka = createKafka({ brokers: services.kafkaBrokers, clientId: 'rebuild-bench', logger });

/** One number every document of the giant chain carries that has a contract field. */
const giantContract = 'GIANT-CT-2024-001';

/** A realistic mix: orders moving through their states, logistics documents linking into chains. */
function mixDocumentAt(i: number): [DocumentTypeId, Record<string, unknown>] {
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

/**
 * The giant chain: the mix's documents with numbers of their own, tied together only by one
 * contract number on every document that has the field (the inbound joins through its
 * clearance and tally), every purchase drawing on one financing line. Financings of their own
 * per order, open at once on one chain, would pair on every piece of it (rule 3: the chain is
 * the unit), an output the size of the chain per opening (processors/README.md "Measured").
 */
function giantChainDocumentAt(i: number): [DocumentTypeId, Record<string, unknown>] {
  const order = Math.floor(i / 6);
  const own = (prefix: string) => `G-${prefix}-${order}`;
  // Double-financed: the second order draws on a second line and is never repaid, so from then on
  // two open financings hold the chain and every piece it gains pairs them (a double pledge).
  const second = benchCase === 'double-financed' && order === 1;
  const status = i % 6 === 0 || second ? '10' : '20';
  switch (i % 6) {
    case 0:
    case 5:
      return [
        'purchase',
        {
          customerCode: examples.purchase.customerCode,
          entOrderNo: own('PO'),
          orderTime: examples.purchase.orderTime,
          contractNo: giantContract,
          financingOrderNo: second ? 'G-FIN-LINE-2' : 'G-FIN-LINE-1',
          purchaseQty: examples.purchase.purchaseQty,
          purchaseAmount: examples.purchase.purchaseAmount,
          currency: examples.purchase.currency,
          orderStatus: status,
          goodsList: examples.purchase.goodsList,
        },
      ];
    case 1:
      return [
        'pod',
        {
          ...examples.pod,
          entOrderNo: own('POD'),
          busiOrderNo: own('BO'),
          contractNo: giantContract,
          billNo: own('BL'),
        },
      ];
    case 2:
      return [
        'clearance',
        {
          ...examples.clearance,
          entOrderNo: own('CL'),
          busiOrderNo: own('BO'),
          entryNo: own('E'),
          contractNo: giantContract,
          transportBlno: own('BL'),
          blno: own('BL'),
          inboundOrderNo: own('IN'),
        },
      ];
    case 3:
      return [
        'inbound',
        { ...examples.inbound, customerCode: examples.purchase.customerCode, entOrderNo: own('IN') },
      ];
    default:
      return [
        'tally',
        {
          ...examples.tally,
          orderNo: own('TL'),
          busiOrderNo: own('BO'),
          billNo: own('BL'),
          contractNo: giantContract,
          inboundOrderNo: own('IN'),
        },
      ];
  }
}

const documentAt = benchCase === 'mix' ? mixDocumentAt : giantChainDocumentAt;

interface ProjectionRate {
  projection: string;
  records: number;
  seconds: string;
  recordsPerSecond: number;
  percentOfDecodeOnly: number;
}

/** One size: a log of its own, appended, decoded only, then each projection rebuilt from it. */
async function measure(records: number) {
  const log = await createLogFixture(services, logger, 'bench');
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
    const decodeRate = Math.round(records / decodeSeconds);

    const rebuilds: ProjectionRate[] = [];
    // Only projections that read the mix's documents (the feed projections read none of them).
    const mixTypes = new Set(Array.from({ length: 6 }, (_, i) => documentAt(i)[0]));
    const only = process.env.BENCH_PROJECTIONS?.split(',').filter(Boolean);
    for (const projection of Object.values(projections).filter(
      (p) =>
        p.declaration.reads.some((type) => mixTypes.has(type)) &&
        (!only || only.includes(p.declaration.name)),
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
      rebuilds.push({
        projection: projection.declaration.name,
        records: result.progress.recordsApplied,
        seconds: seconds.toFixed(1),
        recordsPerSecond,
        // The ceiling, from the same run: consume and decode only, group join included on both sides.
        percentOfDecodeOnly: Math.round((100 * recordsPerSecond) / decodeRate),
      });
    }
    if (!json) {
      process.stdout.write(`${records} records (${benchCase})\n`);
      process.stdout.write(`  decode only (ceiling)   ${String(decodeRate).padStart(7)} rec/s\n`);
      for (const r of rebuilds)
        process.stdout.write(
          `  rebuild ${r.projection.padEnd(16)} ${String(r.recordsPerSecond).padStart(7)} rec/s = ${r.percentOfDecodeOnly}% of decode only (target ≥ 25%)\n`,
        );
    }
    return {
      records,
      appendRecordsPerSecond: Math.round(records / appendSeconds),
      decodeOnly: {
        seconds: decodeSeconds.toFixed(1),
        recordsPerSecond: decodeRate,
        recordsPerSecondAfterGroupJoin: Math.round(records / decodeSteadySeconds),
      },
      rebuild: rebuilds,
    };
  } finally {
    await log.close();
  }
}

const runs = [];
for (const records of sizes) runs.push(await measure(records));

// Each projection's rate at the largest size as a share of its rate at the smallest (target ≥ 80 %).
const smallest = runs.reduce((a, b) => (b.records < a.records ? b : a));
const largest = runs.reduce((a, b) => (b.records > a.records ? b : a));
const growth = smallest.rebuild.map((small) => {
  const large = largest.rebuild.find((r) => r.projection === small.projection);
  return {
    projection: small.projection,
    [`at${smallest.records}`]: small.recordsPerSecond,
    [`at${largest.records}`]: large?.recordsPerSecond,
    percentOfSmallest:
      large === undefined ? null : Math.round((100 * large.recordsPerSecond) / small.recordsPerSecond),
  };
});
if (!json && runs.length > 1) {
  process.stdout.write(
    `summary (${benchCase}): rec/s and % of decode only per size; ${largest.records} rate as % of ${smallest.records} rate (target ≥ 80%)\n`,
  );
  const decodeLine = runs.map((run) => `${String(run.decodeOnly.recordsPerSecond).padStart(7)}`).join('  ');
  process.stdout.write(`  ${'decode only'.padEnd(16)} ${decodeLine}\n`);
  for (const g of growth) {
    const cells = runs.map((run) => {
      const r = run.rebuild.find((x) => x.projection === g.projection);
      return r === undefined
        ? '-'
        : `${String(r.recordsPerSecond).padStart(7)} (${String(r.percentOfDecodeOnly).padStart(2)}%)`;
    });
    process.stdout.write(`  ${g.projection.padEnd(16)} ${cells.join('  ')}  → ${g.percentOfSmallest}%\n`);
  }
}
process.stdout.write(`${JSON.stringify({ case: benchCase, runs, growth }, null, 2)}\n`);
