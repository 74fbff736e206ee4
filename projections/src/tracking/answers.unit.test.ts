import { describe, expect, it } from 'vitest';
import { asksCarrierData, expressAnswer, noTraceReason, withoutCarrierData } from './answers.ts';
import type { TrackedItem } from './item.ts';

const status = (eventCode: string, eventTime: string, source: string, isEsti = 'N') => ({
  eventCode,
  eventTime,
  isEsti,
  source,
});

describe('ocean result without carrier data (§5: carrierCode omitted)', () => {
  it('given a carrierCode, AUTO included, then the carrier’s data is asked for; omitted or blank, not', () => {
    expect(asksCarrierData('AUTO')).toBe(true);
    expect(asksCarrierData('COSU')).toBe(true);
    expect(asksCarrierData(undefined)).toBe(false);
    expect(asksCarrierData('  ')).toBe(false);
  });

  it('given carrier and port events, when the carrier’s data is left out, then only the port area’s remain and the current status is theirs', () => {
    const result = withoutCarrierData({
      billNo: 'B1',
      carrier: { scac: 'COSU' },
      routes: [{ route: 1 }],
      currentStatus: status('DSCH', '2024-03-05 10:00:00', '1'),
      containers: [
        {
          containerNo: 'C1',
          status: [status('GITM', '2024-03-01 08:00:00', '0'), status('LOBD', '2024-03-02 08:00:00', '1')],
        },
        {
          containerNo: 'C2',
          status: [
            status('GITM', '2024-03-01 09:00:00', '0'),
            status('LOBD', '2024-03-09 08:00:00', '0', 'Y'),
          ],
        },
      ],
    });
    expect(result).not.toHaveProperty('carrier');
    expect(result.routes).toEqual([{ route: 1 }]);
    expect((result.containers as { status: unknown[] }[]).map((c) => c.status.length)).toEqual([1, 2]);
    // The latest actual port event, not the later estimate.
    expect(result.currentStatus).toEqual(status('GITM', '2024-03-01 09:00:00', '0'));
  });

  it('given only carrier events, then there is no current status', () => {
    const result = withoutCarrierData({
      currentStatus: status('LOBD', '2024-03-02 08:00:00', '1'),
      containers: [{ containerNo: 'C1', status: [status('LOBD', '2024-03-02 08:00:00', '1')] }],
    });
    expect(result.currentStatus).toBeNull();
  });

  it('given a current status from the port area, then it stays', () => {
    const current = status('DSCH', '2024-03-05 10:00:00', '0');
    expect(withoutCarrierData({ currentStatus: current, containers: [] }).currentStatus).toBe(current);
  });
});

describe('express reason (§3: max 50, on failure)', () => {
  const parcel = (status: string): TrackedItem => ({
    family: 'express',
    subject: 'express/YTO/YT1',
    aliases: [],
    facts: { shipperCode: 'YTO', logisticCode: 'YT1' },
    events: [],
    derived: { status },
    reports: [],
    lastEventId: null,
    firstReceivedAt: '2024-01-01T00:00:00.000Z',
    lastReceivedAt: '2024-01-01T00:00:00.000Z',
  });

  it('given a known parcel without a trace (state 0), then the answer says so in at most 50 characters; with a trace, no reason', () => {
    expect(expressAnswer(parcel('0'))).toMatchObject({ success: true, state: '0', reason: noTraceReason });
    expect(noTraceReason.length).toBeLessThanOrEqual(50);
    expect(expressAnswer(parcel('2'))).not.toHaveProperty('reason');
  });
});
