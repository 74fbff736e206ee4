import { describe, expect, it } from 'vitest';
import type { DocumentEvent } from '../documents/event.ts';
import { documentLog } from '../documents/testing.ts';
import { batchSizes, projectionTablesPerTest, seededRandom } from '../testing/givenRecords.ts';
import { enterpriseFeedsProjection } from './projection.ts';
import { type FeedState, reduceEnterpriseFeeds } from './reducer.ts';

/** Feeds of two enterprises with overlapping keys, older reports, corrections and duplicates (seeded). */
function feeds(seed: number, count: number): DocumentEvent[] {
  const next = seededRandom(seed);
  const log = documentLog();
  const month = () => `2024-0${1 + next(4)}`;
  return Array.from({ length: count }, () => {
    const enterprise = `ENT${next(2)}`;
    switch (next(7)) {
      case 0:
        return log('taxInformation', {
          nsrsbh: enterprise,
          nsrsmc: `企业${enterprise}`,
          datatype: ['01', '02'][next(2)],
          reportTime: `2024-03-0${1 + next(5)} 02:00:00`,
          xypjList: [{ pjjb: ['A', 'B', 'C', 'D'][next(4)] }],
        });
      case 1:
        return log('ecommerceSalesToB', {
          enterpriseId: enterprise,
          platform: ['JD', 'VIP'][next(2)],
          settleCycle: `月结${30 * (1 + next(2))}天`,
          saleList: [{ period: month(), currency: 'CNY', amount: 1000 * next(5), billNum: next(3) }],
          settleList: next(2) ? [{ period: month(), currency: 'CNY', amount: 500 * next(3) }] : [],
        });
      case 2:
        return log('ecommerceSalesToC', {
          enterpriseId: enterprise,
          platform: 'TMALL',
          shopCode: `S${next(2)}`,
          monthDataList: [
            { period: month(), currency: 'CNY', amount: 100 * next(9), GMVAmount: 120 * next(9) },
          ],
        });
      case 3:
        return log('paymentAccountChange', {
          enterpriseId: enterprise,
          platform: ['JD', 'VIP_SETTLEMENT'][next(2)],
          bankAccount: `62220${next(3)}`,
          changeTime: `2024-03-0${1 + next(3)} 10:00:00`,
          changeInfo: `变更${next(2)}`,
        });
      case 4:
        return log('brandRanking', {
          rankingType: String(next(3)),
          dataMonth: month(),
          rankingList: [{ brand: `B${next(3)}`, category: '精华', ranking: 1 + next(9) }],
        });
      case 5:
        return log('inWarehouseData', {
          enterpriseId: enterprise,
          warehouseId: `W${next(2)}`,
          countDate: `2024-02-2${next(9)}`,
          valueOfTotal: 1000 * next(9),
        });
      default:
        return log('warehouseIndicators', {
          enterpriseCode: enterprise,
          warehouseId: 'W0',
          snapshotTime: `2024-02-2${next(3)} 23:59:59`,
          inventoryQty: next(100),
        });
    }
  });
}

describe('enterprise-feeds projection on Postgres', () => {
  const projectionTables = projectionTablesPerTest(enterpriseFeedsProjection);

  for (const seed of [5, 77]) {
    it(`given mixed feeds in any order (seed ${seed}), when applied in batches of random sizes, then the rows and the change events equal the pure reducer's`, async () => {
      const events = feeds(seed, 160);
      const tables = await projectionTables();
      const changes = await tables.given(events, batchSizes(seed));
      let expected: FeedState = new Map();
      const expectedChanges: string[] = [];
      for (const event of events) {
        const reduction = reduceEnterpriseFeeds(expected, event);
        expected = reduction.state;
        expectedChanges.push(...reduction.changes.map((change) => change.eventId));
      }
      const rows = await tables.rows<{
        row_key: string;
        as_of: string | null;
        content_sha256: string;
        content: unknown;
      }>('SELECT row_key, as_of, content_sha256, content FROM {schema}.feed_rows');
      const summary = (key: string, asOf: string | null, sha: string, content: unknown) => [
        key,
        asOf,
        sha,
        content,
      ];
      expect(rows.map((r) => summary(r.row_key, r.as_of, r.content_sha256, r.content)).sort()).toEqual(
        [...expected].map(([key, row]) => summary(key, row.asOf, row.contentSha256, row.content)).sort(),
      );
      expect(changes.map((change) => change.eventId)).toEqual(expectedChanges);
      // The stream exercised the rules: merged rankings and ignored older reports.
      expect(rows.some((r) => r.row_key.startsWith('ranking|'))).toBe(true);
      expect(expectedChanges.length).toBeLessThan(events.length);
    });
  }
});
