import { describe, expect, it } from 'vitest';
import { type ChangeEvent, changeSources, decodeChangeEvent, enterpriseChangeSources } from './contract.ts';

const change: ChangeEvent = {
  eventId: 'e-1',
  projection: 'enterprise-feeds',
  kind: 'tax.reported',
  enterprise: '91440300MA5G2K7L3X',
  subject: 'tax/01',
  occurredAt: '2026-11-22T01:00:00.000Z',
  source: { documentId: 'd-1', topic: 't', partition: 0, offset: '7' },
  data: {},
};
const bytes = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('change contract', () => {
  it('decodes a change of a declared source and kind', () => {
    expect(decodeChangeEvent(bytes(change))).toEqual(change);
  });

  it('refuses an unknown source, an unknown kind, and a kind of another source as the record’s fault', () => {
    for (const wrong of [
      { ...change, projection: 'reference' },
      { ...change, kind: 'tax.withdrawn' },
      { ...change, kind: 'order.created' },
    ]) {
      expect(() => decodeChangeEvent(bytes(wrong))).toThrow(
        expect.objectContaining({ code: 'CHANGE_EVENT_INVALID', retriable: false }),
      );
    }
  });

  it('lets an enterprise follow every source but tracking, whose items are followed by subject', () => {
    expect(enterpriseChangeSources).toEqual(['order-status', 'link-node', 'enterprise-feeds', 'collateral']);
    expect(Object.keys(changeSources).filter((s) => !enterpriseChangeSources.includes(s as never))).toEqual([
      'tracking',
    ]);
  });
});
