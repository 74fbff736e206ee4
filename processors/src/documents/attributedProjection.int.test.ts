import {
  compareVersions,
  createVersionTables,
  inTransaction,
  type ProjectionName,
} from '@tradelog/projections';
import { describe, expect, it } from 'vitest';
import { testServices } from '../../../tests/harness/index.ts';
import { documentIndexProjection } from '../document-index/projection.ts';
import { linkNodeProjection } from '../link-node/projection.ts';
import { statementQueue } from '../runtime/statementQueue.ts';
import {
  batchSizes,
  projectionTables,
  projectionTablesPerTest,
  seededRandom,
} from '../testing/givenRecords.ts';
import type { DocumentEvent } from './event.ts';
import { documentLog, linkedTallies } from './testing.ts';

/**
 * The attribution shell on real Postgres (processors/README.md, "Attribution"), through the
 * document index, which records every document's enterprise: late resolution is complete
 * whatever the length of the chain, and where documents are linked to one enterprise only the
 * outcome does not depend on the order they arrive in nor on where batches end.
 */
describe('attribution shell', () => {
  const tables = projectionTablesPerTest(documentIndexProjection);
  const enterprises = async (t: Awaited<ReturnType<typeof tables>>) =>
    Object.fromEntries(
      (
        await t.rows<{ document_id: string; enterprise: string | null }>(
          'SELECT document_id, enterprise FROM {schema}.documents',
        )
      ).map((row) => [row.document_id, row.enterprise]),
    );

  it('given a chain of 20 pending documents, each linked to the next by an order key, when a document resolves its end, then all are attributed in that transaction', async () => {
    const t = await tables();
    const log = documentLog();
    const chain = linkedTallies(log, 20);
    // One batch each and the far end first: every link is a round of the cascade in Postgres.
    await t.given([...chain].reverse());
    expect(await t.rows('SELECT position FROM {schema}.pending_documents')).toHaveLength(20);
    const pod = log('pod', { customerCode: 'ENT1', entOrderNo: 'P', busiOrderNo: 'B0' });
    await t.given([pod]);
    expect(await t.rows('SELECT position FROM {schema}.pending_documents')).toEqual([]);
    const indexed = await enterprises(t);
    expect(Object.values(indexed)).toEqual(Array(21).fill('ENT1'));
  });

  /**
   * Groups of documents linked by order keys: each group's anchor names its enterprise (or its
   * partner's is stamped on the record), the others name none; one group has no anchor.
   */
  function linkedGroups(seed: number) {
    const next = seededRandom(seed);
    const log = documentLog();
    const expected = new Map<string, string | null>();
    const events: DocumentEvent[] = [];
    for (let group = 0; group < 6; group++) {
      const enterprise = group < 5 ? `ENT-${group}` : null;
      const length = 2 + next(12);
      for (let i = 0; i < length; i++) {
        // Even ones are tallies, odd ones inbounds (their number is an inbound order key): each
        // shares a business order or an inbound order with the one before.
        const inboundOrderNo = `G${group}-I${Math.floor(i / 2)}`;
        const busiOrderNo = `G${group}-B${Math.floor((i + 1) / 2)}`;
        const event =
          i % 2 === 0
            ? log('tally', { orderNo: `G${group}-T${i}`, busiOrderNo, inboundOrderNo })
            : log('inbound', { entOrderNo: inboundOrderNo, busiOrderNo });
        events.push(event);
        expected.set(event.provenance.documentId, enterprise);
      }
      if (enterprise === null) continue;
      const at = next(Math.floor(length / 2) + 1);
      const anchor =
        group % 2 === 0
          ? log('pod', {
              customerCode: enterprise,
              entOrderNo: `G${group}-P`,
              busiOrderNo: `G${group}-B${at}`,
            })
          : log('pod', { entOrderNo: `G${group}-P`, busiOrderNo: `G${group}-B${at}` });
      const stamped =
        group % 2 === 0
          ? anchor
          : { ...anchor, provenance: { ...anchor.provenance, partnerEnterprise: enterprise } };
      events.push(stamped);
      expected.set(stamped.provenance.documentId, enterprise);
    }
    return { events: shuffled(events, seed), expected: Object.fromEntries(expected) };
  }

  /** Any order: the log's interleaving of topics and partitions is not the shell's to choose. */
  function shuffled<T>(items: readonly T[], seed: number): T[] {
    const next = seededRandom(seed * 7 + 3);
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = next(i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  for (const seed of [1, 2, 3, 4]) {
    it(`given groups of linked documents in any order (seed ${seed}), when applied in batches of random sizes, then each document ends with its group's enterprise`, async () => {
      const t = await tables();
      const { events, expected } = linkedGroups(seed);
      await t.given(events, batchSizes(seed));
      expect(await enterprises(t)).toEqual(expected);
      const pending = await t.rows<{ document_id: string }>(
        'SELECT document_id FROM {schema}.pending_documents',
      );
      expect(pending.map((row) => row.document_id).sort()).toEqual(
        Object.entries(expected)
          .filter(([, enterprise]) => enterprise === null)
          .map(([id]) => id)
          .sort(),
      );
    });
  }

  for (const [name, projection] of [
    ['document-index', documentIndexProjection],
    ['link-node', linkNodeProjection],
  ] as const) {
    it(`given the same linked documents read in two interleavings, then the rebuild comparison of ${name} finds the versions equal`, async () => {
      const services = testServices();
      const live = await projectionTables(services.databaseUrl, projection);
      const rebuilt = `${live.schema}_rebuilt`;
      try {
        const { events } = linkedGroups(5);
        await live.given(events, batchSizes(5));
        await createVersionTables(live.pool, name as ProjectionName, rebuilt);
        const again = shuffled(events, 6);
        for (let at = 0; at < again.length; at += 9) {
          const batch = again.slice(at, at + 9);
          await inTransaction(live.pool, (client) =>
            projection.applyBatch(statementQueue(client), rebuilt, batch),
          );
        }
        const comparison = await compareVersions(live.pool, name as ProjectionName, live.schema, rebuilt);
        expect(comparison.map((table) => table.table)).toContain('pending_documents');
        for (const table of comparison) {
          expect(table.differingKeys, table.table).toEqual([]);
          expect(table.rowsA, table.table).toBe(table.rowsB);
        }
        expect(comparison.every((table) => table.rowsA > 0)).toBe(true);
      } finally {
        await live.pool.query(`DROP SCHEMA IF EXISTS "${rebuilt}" CASCADE`);
        await live.drop();
      }
    });
  }
});
