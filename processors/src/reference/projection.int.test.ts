import { compareVersions, createVersionTables, inTransaction } from '@tradelog/projections';
import { referenceTables } from '@tradelog/projections/reference/tables';
import { referenceFeedExamples as examples } from '@tradelog/schemas/feeds/reference/examples';
import { describe, expect, it } from 'vitest';
import type { Document, DocumentEvent } from '../documents/event.ts';
import { documentLog } from '../documents/testing.ts';
import { statementQueue } from '../runtime/statementQueue.ts';
import { batchSizes, projectionTablesPerTest, seededRandom } from '../testing/givenRecords.ts';
import { referenceProjection } from './projection.ts';
import { type ReferenceState, reduceReference } from './reducer.ts';

/** Restatements of a few vessels, bills, calls, flights and trucks with shuffled times and duplicates (seeded). */
function feeds(seed: number, count: number): DocumentEvent[] {
  const next = seededRandom(seed);
  const log = documentLog();
  const pad = (n: number) => String(n).padStart(2, '0');
  // Families take turns (the seeded source's low bits are too regular to pick them fairly).
  return Array.from({ length: count }, (_, index) => {
    const hour = pad(next(24));
    const day = pad(3 + next(3));
    switch (index % 6) {
      case 0:
        return log('aisPositionFeed', {
          ...examples.aisPositionFeed,
          mmsi: `47726690${next(3)}`,
          updateTime: `2024-03-${day} ${hour}:00:00`,
          sog: next(3) * 1000,
        } as Document);
      case 1:
        return log('vesselArchiveFeed', {
          ...examples.vesselArchiveFeed,
          mmsi: `47726690${next(3)}`,
          carrier: ['COSCO', 'OOCL'][next(2)],
        } as Document);
      case 2:
        return log('transportBillFeed', {
          ...examples.transportBillFeed,
          billNo: `COSU628745123${next(2)}`,
          pickUpTime: `2024-03-${day} ${hour}:00:00`,
        } as Document);
      case 3:
        return log('vesselPlanFeed', {
          ...examples.vesselPlanFeed,
          evoyage: `03${next(2)}W`,
          atd: `2024-03-${day} ${hour}:00:00`,
        } as Document);
      case 4:
        return log('flightFeed', {
          ...examples.flightFeed,
          flightId: `F${next(2)}`,
          updated: `2024-03-${day}T${hour}:00:00Z`,
          status: ['IN_FLIGHT', 'LANDED'][next(2)],
        } as Document);
      default:
        return log('truckPositionFeed', {
          ...examples.truckPositionFeed,
          vclN: ['粤B6K2Q8', '沪A12345'][next(2)]!,
          utc: `2024-03-${day} ${hour}:${pad(next(2) * 30)}:00`,
          spd: next(80),
        } as Document);
    }
  });
}

describe('reference projection on Postgres', () => {
  const projectionTables = projectionTablesPerTest(referenceProjection);

  for (const seed of [5, 77]) {
    it(`given restated reference feeds in any order (seed ${seed}), when applied in batches of random sizes, then every table equals the pure reducer's state`, async () => {
      const events = feeds(seed, 120);
      const tables = await projectionTables();
      await tables.given(events, batchSizes(seed));
      const expected = events.reduce<ReferenceState>(
        (state, event) => reduceReference(state, event).state,
        new Map(),
      );
      const actual: string[] = [];
      for (const [family, spec] of Object.entries(referenceTables)) {
        const rows = await tables.rows<{ key: string; fields: unknown; source: unknown }>(
          `SELECT ${spec.key} AS key, fields, source FROM {schema}.${spec.table}`,
        );
        for (const row of rows) actual.push(JSON.stringify([`${family}:${row.key}`, row.fields, row.source]));
      }
      const wanted = [...expected].map(([key, item]) => JSON.stringify([key, item.fields, item.source]));
      // jsonb does not keep key order: compare parsed values, sorted by key.
      const parse = (list: string[]) =>
        list.map((line) => JSON.parse(line)).sort((a, b) => (a[0] < b[0] ? -1 : 1));
      expect(parse(actual)).toEqual(parse(wanted));
      expect(new Set(actual.map((line) => JSON.parse(line)[0].split(':')[0])).size).toBe(6);
    });
  }

  it('given the same feeds applied twice in different batch sizes, then the rebuild comparison finds the two versions equal, table by table', async () => {
    const events = feeds(11, 90);
    const tables = await projectionTables();
    await tables.given(events, batchSizes(11));
    const rebuilt = `${tables.schema}_rebuilt`;
    await createVersionTables(tables.pool, 'reference', rebuilt);
    try {
      for (let at = 0; at < events.length; at += 7) {
        const batch = events.slice(at, at + 7);
        await inTransaction(tables.pool, (client) =>
          referenceProjection.applyBatch(statementQueue(client), rebuilt, batch),
        );
      }
      const comparison = await compareVersions(tables.pool, 'reference', tables.schema, rebuilt);
      expect(comparison.map((table) => table.table)).toEqual(
        Object.values(referenceTables).map((spec) => spec.table),
      );
      for (const table of comparison) {
        expect(table.differingKeys, table.table).toEqual([]);
        expect(table.rowsA, table.table).toBe(table.rowsB);
      }
      expect(comparison.filter((table) => table.rowsA > 0)).toHaveLength(6);
    } finally {
      await tables.pool.query(`DROP SCHEMA IF EXISTS "${rebuilt}" CASCADE`);
    }
  });
});
