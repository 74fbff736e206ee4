import { describe, expect, it } from 'vitest';
import { recordsFrom } from './records.ts';

const batch = (firstOffset: bigint, count: number) => ({
  firstOffset,
  firstTimestamp: 1_700_000_000_000n,
  records: Array.from({ length: count }, (_, n) => ({
    offsetDelta: n,
    timestampDelta: BigInt(n),
    key: Buffer.from(`k${n}`),
    value: Buffer.from(`v${Number(firstOffset) + n}`),
    headers: [[Buffer.from('h'), Buffer.from('x')]] as [Buffer | null, Buffer | null][],
  })),
});

describe('recordsFrom', () => {
  it('skips the part of the first batch before the offset asked for and stops at the limit', () => {
    const records = recordsFrom([batch(10n, 5), batch(15n, 5)], 13n, 4);
    expect(records.map((r) => r.offset)).toEqual(['13', '14', '15', '16']);
    expect(records[0]).toMatchObject({ timestamp: '1700000000003', headers: [['h', Buffer.from('x')]] });
    expect(records[0]!.value?.toString()).toBe('v13');
  });

  it('answers nothing when every record is before the offset', () => {
    expect(recordsFrom([batch(0n, 3)], 3n, 10)).toEqual([]);
  });
});
