import { describe, expect, it } from 'vitest';
import type { DocumentEvent } from '../documents/event.ts';
import { documentLog } from '../documents/testing.ts';
import { batchSizes, projectionTablesPerTest, seededRandom } from '../testing/givenRecords.ts';
import { linkNodeProjection } from './projection.ts';
import { emptyLinkNodeState, type LinkNodeState, reduceLinkNode } from './reducer.ts';

/** Chains as sorted lists of node ids: what a reader sees, independent of chain ids. */
const membership = (pairs: { node_id: string; chain_id: string }[]) => {
  const chains = new Map<string, string[]>();
  for (const { node_id, chain_id } of pairs) chains.set(chain_id, [...(chains.get(chain_id) ?? []), node_id]);
  return [...chains.values()].map((ids) => ids.sort()).sort((a, b) => a[0]!.localeCompare(b[0]!));
};

/** A deterministic pseudo-random stream of documents sharing keys in many ways (seeded). */
function documents(seed: number, count: number): DocumentEvent[] {
  const next = seededRandom(seed);
  const log = documentLog();
  const events: DocumentEvent[] = [];
  for (let i = 0; i < count; i++) {
    const enterprise = `ENT${next(2)}`;
    const shared = { contractNo: `C${next(6)}`, billNo: `B${next(8)}` };
    switch (next(4)) {
      case 0:
        events.push(
          log('purchase', {
            customerCode: enterprise,
            entOrderNo: `PO${next(10)}`,
            financingOrderNo: `F${next(5)}`,
            orderStatus: '10',
            ...(next(2) ? { contractNo: shared.contractNo } : {}),
          }),
        );
        break;
      case 1:
        events.push(
          log('pod', { customerCode: enterprise, entOrderNo: `POD${next(10)}`, billNo: shared.billNo }),
        );
        break;
      case 2:
        events.push(
          log('clearance', {
            customerCode: enterprise,
            entOrderNo: `CL${next(10)}`,
            blno: shared.billNo,
            entryNo: `E${next(10)}`,
            ...(next(3) ? {} : { contractNo: shared.contractNo }),
          }),
        );
        break;
      default:
        events.push(
          log('tally', {
            customerCode: enterprise,
            orderNo: `T${next(10)}`,
            inboundOrderNo: `IN${next(6)}`,
            busiOrderNo: `BO${next(12)}`,
          }),
        );
    }
  }
  return events;
}

/**
 * Chains started early in a batch and merged late in it: 1 200 port arrivals, a bill each (a
 * chain each), then clearances naming one of those bills and a contract two clearances share,
 * so that each pair merges two chains the first part of the batch wrote.
 */
function mergingLate(count: number): DocumentEvent[] {
  const log = documentLog();
  const bills = 1200;
  return Array.from({ length: count }, (_, i) =>
    i < bills
      ? log('pod', { customerCode: 'ENT0', entOrderNo: `POD${i}`, billNo: `B${i}` })
      : log('clearance', {
          customerCode: 'ENT0',
          entOrderNo: `CL${i}`,
          blno: `B${((i - bills) * 7) % bills}`,
          entryNo: `E${i}`,
          contractNo: `K${(i - bills) >> 1}`,
        }),
  );
}

describe('link-node projection on Postgres', () => {
  const projectionTables = projectionTablesPerTest(linkNodeProjection);

  // The last case is one batch of a whole fetch's size, which the shell writes in parts as it
  // folds them (projection.ts `documentsPerPart`): later parts merge chains earlier parts wrote.
  const random = (seed: number) => ({
    stream: `a random stream of linked documents (seed ${seed})`,
    events: () => documents(seed, 120),
    batches: 'batches of random sizes',
    batchSize: batchSizes(seed),
  });
  const cases = [
    random(7),
    random(42),
    random(1234),
    {
      stream: 'chains started early in a batch of 3 000 and merged late in it',
      events: () => mergingLate(3000),
      batches: 'one batch written in parts',
      batchSize: 3000,
    },
  ];
  for (const { stream, events: streamed, batches, batchSize } of cases) {
    it(`given ${stream}, when applied in ${batches}, then the rows hold the pure reducer's chains`, async () => {
      const events = streamed();
      const tables = await projectionTables();
      const changes = await tables.given(events, batchSize);
      const expected = events.reduce<LinkNodeState>(
        (state, event) => reduceLinkNode(state, event).state,
        emptyLinkNodeState(),
      );
      const rows = await tables.rows<{ node_id: string; chain_id: string; versions: number }>(
        'SELECT node_id, chain_id, versions FROM {schema}.nodes',
      );
      expect(membership(rows)).toEqual(
        membership([...expected.nodes.values()].map((n) => ({ node_id: n.nodeId, chain_id: n.chainId }))),
      );
      expect(Object.fromEntries(rows.map((r) => [r.node_id, r.versions]))).toEqual(
        Object.fromEntries([...expected.nodes.values()].map((n) => [n.nodeId, n.versions])),
      );
      // Chain sizes and the key → chain table agree with the nodes.
      const sizes = await tables.rows<{ chain_id: string; size: number; actual: number }>(
        'SELECT c.chain_id, c.size, (SELECT count(*)::int FROM {schema}.nodes n WHERE n.chain_id = c.chain_id) AS actual FROM {schema}.chains c',
      );
      expect(sizes.every((s) => s.size === s.actual)).toBe(true);
      expect(sizes.reduce((sum, s) => sum + s.size, 0)).toBe(rows.length);
      const strayKeys = await tables.rows(
        'SELECT * FROM {schema}.key_chains k WHERE NOT EXISTS (SELECT 1 FROM {schema}.chains c WHERE c.chain_id = k.chain_id)',
      );
      expect(strayKeys).toEqual([]);
      // Every key of a node is held by the node's chain.
      const unheld = await tables.rows(
        `SELECT n.node_id, k->>'cls' AS cls, k->>'value' AS value FROM {schema}.nodes n, json_array_elements(n.keys) k
         WHERE NOT EXISTS (SELECT 1 FROM {schema}.key_chains h WHERE h.enterprise = n.enterprise
           AND h.cls = k->>'cls' AND h.value = k->>'value' AND h.chain_id = n.chain_id)`,
      );
      expect(unheld).toEqual([]);
      expect(changes.some((c) => c.kind === 'chain.merged')).toBe(true);
    });
  }
});
