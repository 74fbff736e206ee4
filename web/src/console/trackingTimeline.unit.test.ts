import { describe, expect, it } from 'vitest';
import { type TrackedItemView, timelineOf } from './trackingTimeline.ts';

const provenance = (documentId: string, source?: string) => ({
  documentId,
  partnerId: 'carrier-1',
  position: 't/0/1',
  receivedAt: '2024-03-14T00:00:00.000Z',
  ...(source ? { source } : {}),
});

describe('tracking timeline', () => {
  it('draws an express parcel’s cities in order, each once in a row, and one entry per trace with its reporter', () => {
    const item: TrackedItemView = {
      family: 'express',
      subject: 'express/SF/SF1',
      status: '2',
      statusEx: '202',
      location: '上海市',
      facts: {},
      events: ['深圳市', '深圳市', '上海市'].map((location, index) => ({
        id: String(index),
        group: 'traces',
        at: `2024-03-1${index}T00:00:00.000Z`,
        estimated: false,
        fields: {
          acceptTime: `2024-03-1${index} 08:00:00`,
          acceptStation: `站 ${index}`,
          location,
          action: '2',
        },
        provenance: provenance(`doc-${index}`),
      })),
    };
    const { stops, entries } = timelineOf(item);
    expect(stops).toEqual(['深圳市', '上海市']);
    expect(entries.map((entry) => [entry.time, entry.title, entry.reportedBy, entry.documentId])).toEqual([
      ['2024-03-10 08:00:00', '站 0', 'carrier-1', 'doc-0'],
      ['2024-03-11 08:00:00', '站 1', 'carrier-1', 'doc-1'],
      ['2024-03-12 08:00:00', '站 2', 'carrier-1', 'doc-2'],
    ]);
  });

  it('draws an ocean bill’s legs from its routes and names each event’s source', () => {
    const item: TrackedItemView = {
      family: 'ocean',
      subject: 'ocean/bill/B1',
      status: 'PROCESS',
      statusEx: null,
      location: null,
      facts: { routes: [{ polName: 'TOKYO', podName: 'SHEKOU' }] },
      events: [
        {
          id: 'x',
          group: 'events',
          at: '2024-03-05T02:15:00.000Z',
          estimated: false,
          fields: {
            containerNo: 'CSNU6184570',
            eventCode: 'DSCH',
            eventTime: '2024-03-05 10:15:00',
            portCode: 'CNSHK',
          },
          provenance: provenance('doc-9', '0'),
        },
      ],
    };
    const { stops, entries } = timelineOf(item);
    expect(stops).toEqual(['TOKYO', 'SHEKOU']);
    expect(entries[0]).toMatchObject({ code: 'DSCH', place: 'CNSHK', reportedBy: 'carrier-1 (port)' });
  });
});
