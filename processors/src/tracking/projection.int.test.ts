import type { TrackedItem } from '@tradelog/projections/tracking/item';
import { describe, expect, it } from 'vitest';
import type { DocumentEvent } from '../documents/event.ts';
import { documentLog } from '../documents/testing.ts';
import { batchSizes, projectionTablesPerTest, seededRandom } from '../testing/givenRecords.ts';
import { trackingProjection } from './projection.ts';
import { reduceTracking, type TrackingState } from './reducer.ts';

const expressActions = ['1', '204', '201', '202', '301', '404'];
const nodes = ['GITM', 'LOBD', 'DSCH', 'GTOT'];

/** Reports on a few parcels, bills and shipments from several partners, out of order and repeated (seeded). */
function reports(seed: number, count: number): DocumentEvent[] {
  const next = seededRandom(seed);
  const log = documentLog();
  const partner = (event: DocumentEvent): DocumentEvent => ({
    ...event,
    provenance: { ...event.provenance, partnerId: `partner-${next(2)}` },
  });
  const time = () =>
    `2024-03-${String(1 + next(9)).padStart(2, '0')} ${String(next(24)).padStart(2, '0')}:00:00`;
  // The generator's low bits cycle quickly; the family is drawn from higher ones.
  const family = () => Math.floor(next(2 ** 20) / 2 ** 18);
  return Array.from({ length: count }, () => {
    switch (family()) {
      case 0:
        return partner(
          log('expressTrace', {
            shipperCode: 'SF',
            logisticCode: `SF00${next(3)}`,
            traces: Array.from({ length: 1 + next(3) }, () => {
              const action = expressActions[next(expressActions.length)]!;
              return { acceptTime: time(), acceptStation: `站点 ${action}`, action };
            }),
          }),
        );
      case 1:
        return partner(
          log('oceanContainerEvent', {
            billNo: `BILL${next(2)}`,
            source: String(next(2)),
            ...(next(4) === 0 ? { statusCategory: ['NODATA', 'COMPLETE', 'PROCESS'][next(3)] } : {}),
            events: [
              {
                containerNo: `CSNU000000${next(2)}`,
                eventCode: nodes[next(nodes.length)],
                eventTime: time(),
                isEsti: next(2) === 0 ? 'Y' : 'N',
                portCode: 'CNSHA',
              },
            ],
          }),
        );
      case 2:
        return partner(
          log('terminalEvent', {
            businessNumber: `BN${next(2)}`,
            portCode: 'CNNGB',
            ieid: 'E',
            transportEvents: [
              {
                eventClassifier: next(2) === 0 ? 'EST' : 'ACT',
                transportEventCategory: ['ARRI', 'DEPA', 'CYOP'][next(3)],
                eventTime: time(),
              },
            ],
          }),
        );
      default:
        return partner(
          log('airCargoEvent', {
            businessNumber: `7841234567${next(2)}`,
            equipmentEvents: [{ eventCode: ['RCS', 'MAN', 'DLV'][next(3)], eventTime: time() }],
          }),
        );
    }
  });
}

describe('tracking projection on Postgres', () => {
  const projectionTables = projectionTablesPerTest(trackingProjection);

  for (const seed of [5, 77]) {
    it(`given reports in any order from several partners (seed ${seed}), when applied in batches of random sizes, then items and their changes equal the pure reducer's`, async () => {
      const events = reports(seed, 120);
      const tables = await projectionTables();
      const changes = await tables.given(events, batchSizes(seed));
      let expected: TrackingState = new Map();
      const expectedChanges = [];
      for (const event of events) {
        const reduction = reduceTracking(expected, event);
        expected = reduction.state;
        expectedChanges.push(...reduction.changes);
      }
      const rows = await tables.rows<{
        subject: string;
        derived: TrackedItem['derived'];
        events: TrackedItem['events'];
        last_event_id: string | null;
      }>('SELECT subject, derived, events, last_event_id FROM {schema}.items');
      const summary = (item: {
        subject: string;
        derived: TrackedItem['derived'];
        events: TrackedItem['events'];
        lastEventId: string | null;
      }) => [
        item.subject,
        item.derived.status,
        item.events.map((event) => `${event.id}@${event.provenance.position}`),
        item.lastEventId,
      ];
      expect(rows.map((row) => summary({ ...row, lastEventId: row.last_event_id })).sort()).toEqual(
        [...expected.values()].map(summary).sort(),
      );
      expect(changes.map((change) => change.eventId)).toEqual(
        expectedChanges.map((change) => change.eventId),
      );
      expect(new Set(rows.map((row) => row.subject.split('/')[0])).size).toBe(4);
    });
  }
});
