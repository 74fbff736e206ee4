import { describe, expect, it } from 'vitest';
import { compareLogOrder, type LogPlace, olderThan, placeOf } from './logOrder.ts';

const place = (topic: string, partition: number, offset: string, receivedAt: string): LogPlace => ({
  topic,
  partition,
  offset,
  receivedAt,
});

describe('log order', () => {
  it('orders records of one partition by offset, whatever their received-at says', () => {
    // Two ingest instances whose clocks disagree: the partition's order is the truth.
    const first = place('t', 0, '9', '2026-01-01T00:00:05.000Z');
    const second = place('t', 0, '10', '2026-01-01T00:00:01.000Z');
    expect(compareLogOrder(first, second)).toBeLessThan(0);
    expect(compareLogOrder(second, first)).toBeGreaterThan(0);
    expect(compareLogOrder(first, { ...first })).toBe(0);
  });

  it('orders records of different partitions or topics by received-at, then topic, partition, offset', () => {
    const at = '2026-01-01T00:00:00.000Z';
    expect(
      compareLogOrder(place('b', 0, '1', at), place('a', 0, '2', '2026-01-01T00:00:01.000Z')),
    ).toBeLessThan(0);
    expect(compareLogOrder(place('a', 1, '5', at), place('b', 0, '1', at))).toBeLessThan(0);
    expect(compareLogOrder(place('a', 0, '5', at), place('a', 1, '1', at))).toBeLessThan(0);
  });

  it('says a record is older only than a row that reflects a newer record', () => {
    const older = place('t', 0, '1', '2026-01-01T00:00:00.000Z');
    const newer = place('t', 0, '2', '2026-01-01T00:00:00.000Z');
    expect(olderThan(older, newer)).toBe(true);
    expect(olderThan(newer, older)).toBe(false);
    expect(olderThan(older, older)).toBe(false);
    // A row that reflects no record yet (absent, or a source it has not had) is never newer.
    expect(olderThan(older, undefined)).toBe(false);
    expect(olderThan(older, {})).toBe(false);
  });

  it('reads a stored position back into a place', () => {
    expect(placeOf('tradelog.doc.pod.v1/3/42', 'at')).toEqual(place('tradelog.doc.pod.v1', 3, '42', 'at'));
    expect(placeOf('no-position', 'at')).toBeUndefined();
    expect(placeOf('t/x/1', 'at')).toBeUndefined();
  });
});
