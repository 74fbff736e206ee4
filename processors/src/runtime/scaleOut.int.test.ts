import { readCheckpoints } from '@tradelog/projections';
import { examples } from '@tradelog/schemas/documents/examples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  capturingLogger,
  quietLogger,
  testServices,
  uniqueName,
  waitFor,
} from '../../../tests/harness/index.ts';
import type { DocumentTypeId } from '../documents/event.ts';
import { projections } from '../projections.ts';
import { seededRandom } from '../testing/givenRecords.ts';
import { createLogFixture, type LogFixture } from '../testing/logFixture.ts';
import type { ProjectionConsumer } from './consumer.ts';
import { lockScopes } from './lockScopes.ts';
import { ensureLiveVersion } from './supervisor.ts';

/**
 * Scale-out (processors/README.md "Scale-out"): two instances of the same projections in one
 * consumer group split the partitions; documents of one enterprise arrive on several topics and
 * partitions at once, so both instances write the same chains and rows. Every record is applied
 * exactly once and no batch meets a deadlock (the batch's enterprise locks are taken in one
 * global order).
 */
describe('two processor instances', () => {
  const services = testServices();
  let log: LogFixture;

  beforeAll(async () => {
    log = await createLogFixture(services, quietLogger, 'two');
  });
  afterAll(async () => {
    await log?.close();
  });

  it('split the partitions, apply every record exactly once and never deadlock', {
    timeout: 120_000,
  }, async () => {
    const next = seededRandom(2026);
    const enterprises = ['ENT-A', 'ENT-B', 'ENT-C'];
    const documents: [DocumentTypeId, Record<string, unknown>][] = [];
    for (let i = 0; i < 600; i++) {
      const customerCode = enterprises[next(3)]!;
      const shared = { customerCode, contractNo: `CT-${customerCode}-${next(4)}`, billNo: `BL-${next(6)}` };
      switch (next(4)) {
        case 0:
          documents.push([
            'purchase',
            { ...examples.purchase, ...shared, entOrderNo: `PO-${next(50)}`, orderStatus: '10' },
          ]);
          break;
        case 1:
          documents.push(['pod', { ...examples.pod, ...shared, entOrderNo: `POD-${next(50)}` }]);
          break;
        case 2:
          documents.push(['clearance', { ...examples.clearance, ...shared, entOrderNo: `CL-${next(50)}` }]);
          break;
        default:
          documents.push(['inbound', { ...examples.inbound, ...shared, entOrderNo: `IN-${next(50)}` }]);
      }
    }
    const captured = capturingLogger();
    const running: ProjectionConsumer[] = [];
    const versions = [];
    for (const name of ['link-node', 'order-status'] as const) {
      const version = await ensureLiveVersion(log.pool, log.namespace, name);
      versions.push({ name, version });
      for (let instance = 0; instance < 2; instance++)
        running.push(log.projectionConsumer(name, version, { logger: captured.logger }));
    }
    for (const consumer of running) await consumer.start();
    try {
      await Promise.all(
        [0, 1, 2, 3].map(async (lane) => {
          for (let i = lane; i < documents.length; i += 4) await log.append(...documents[i]!);
        }),
      );
      for (const { name, version } of versions) {
        const expected = documents.filter(([type]) =>
          projections[name].declaration.reads.includes(type),
        ).length;
        await waitFor(
          async () =>
            (await readCheckpoints(log.pool, version.consumerGroup)).reduce(
              (sum, c) => sum + Number(c.recordsApplied),
              0,
            ) === expected,
          { what: `${name} applied ${expected} records`, timeoutMs: 90_000 },
        );
      }
      const linkNode = versions[0]!.version.schemaName;
      const { rows: sizes } = await log.pool.query(
        `SELECT c.size, (SELECT count(*)::int FROM "${linkNode}".nodes n WHERE n.chain_id = c.chain_id) AS actual
         FROM "${linkNode}".chains c`,
      );
      expect(sizes.every((s: { size: number; actual: number }) => s.size === s.actual)).toBe(true);
      const { rows: orphans } = await log.pool.query(
        `SELECT 1 FROM "${linkNode}".nodes n WHERE NOT EXISTS (SELECT 1 FROM "${linkNode}".chains c WHERE c.chain_id = n.chain_id)`,
      );
      expect(orphans).toEqual([]);
      // Within one enterprise, every node sharing a contract is in one chain.
      const { rows: split } = await log.pool.query(
        `SELECT enterprise, k->>'value' AS contract, count(DISTINCT chain_id)::int AS chains
         FROM "${linkNode}".nodes, json_array_elements(keys) AS k WHERE k->>'cls' = 'contractNo'
         GROUP BY 1, 2 HAVING count(DISTINCT chain_id) > 1`,
      );
      expect(split).toEqual([]);
      // Contention is logged at info (runtime/faults.ts isContention): none of it may be a deadlock.
      expect(
        [...captured.warnings, ...captured.infos].filter(
          (w) => w.code === 'PG_40P01' || w.code === 'PG_40001',
        ),
      ).toEqual([]);
    } finally {
      for (const consumer of running) await consumer.stop();
    }
  });
});

/**
 * A batch beside another instance's lock. Its own log and consumer group: a group shared with the
 * instances above could keep a member of theirs for a session timeout (30 s) after they stopped,
 * when one was stopped mid-rebalance (kafkajs leaves the group then only on a clean stop), and
 * this consumer's join would wait for it.
 */
describe('a processor instance beside another writer', () => {
  const services = testServices();
  let log: LogFixture;

  beforeAll(async () => {
    log = await createLogFixture(services, quietLogger, 'beside');
  });
  afterAll(async () => {
    await log?.close();
  });

  it('a batch that attributes documents through an order waits for the enterprise it learns, never writing it beside another instance', {
    timeout: 60_000,
  }, async () => {
    const enterprise = uniqueName('ENT-L');
    const businessOrder = uniqueName('BO');
    const inboundNo = uniqueName('IN');
    const { customerCode: _tallyOwner, ...tally } = examples.tally as unknown as Record<string, unknown>;
    const { customerCode: _inboundOwner, ...inbound } = examples.inbound as unknown as Record<
      string,
      unknown
    >;
    const version = await ensureLiveVersion(log.pool, log.namespace, 'link-node');
    const schema = version.schemaName;
    const captured = capturingLogger();
    const consumer = log.projectionConsumer('link-node', version, { logger: captured.logger });
    const nodesOf = async () =>
      (await log.pool.query(`SELECT node_id FROM "${schema}".nodes WHERE enterprise = $1`, [enterprise])).rows
        .length;
    const pendingTallies = async () =>
      (
        await log.pool.query(`SELECT 1 FROM "${schema}".pending_documents WHERE $1 = ANY(keys)`, [
          `inboundOrderNo=${inboundNo}`,
        ])
      ).rows.length;
    await consumer.start();
    const holder = await log.pool.connect();
    try {
      // The port arrival names the enterprise and teaches the business order; the tally names
      // only an inbound order nobody has named yet: it waits.
      await log.append('pod', {
        ...examples.pod,
        customerCode: enterprise,
        entOrderNo: uniqueName('POD'),
        busiOrderNo: businessOrder,
      });
      await log.append('tally', {
        ...tally,
        orderNo: uniqueName('TL'),
        busiOrderNo: uniqueName('BX'),
        inboundOrderNo: inboundNo,
      });
      await waitFor(async () => (await nodesOf()) === 1 && (await pendingTallies()) === 1, {
        what: 'the port arrival applied and the tally pending',
      });

      // Another instance's batch writing the enterprise's rows holds its lock.
      await holder.query('BEGIN');
      await lockScopes(holder, 'link-node', [`enterprise:${enterprise}`]);
      // The inbound names no enterprise: its batch locks its order keys only, learns the
      // enterprise through the business order, and releases the tally through the inbound's number.
      await log.append('inbound', { ...inbound, entOrderNo: inboundNo, busiOrderNo: businessOrder });
      await waitFor(
        async () => captured.infos.some((w) => w.code === 'LOCK_SCOPE_BUSY') || (await nodesOf()) > 1,
        { what: 'the inbound batch to meet the held enterprise lock' },
      );
      expect(await nodesOf()).toBe(1);
      expect(await pendingTallies()).toBe(1);
      // Another writer's lock is contention, not a dependency down: /ready is not told.
      expect(consumer.health().waitingFor).toBeUndefined();
      await holder.query('COMMIT');

      await waitFor(async () => (await nodesOf()) === 3 && (await pendingTallies()) === 0, {
        what: 'the inbound and the tally applied once the lock is free',
      });
      expect([...captured.warnings, ...captured.infos].filter((w) => w.code === 'PG_40P01')).toEqual([]);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      holder.release();
      await consumer.stop();
    }
  });
});
