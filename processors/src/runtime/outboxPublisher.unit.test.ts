import { recordTooLarge, unavailable } from '@tradelog/schemas/kit/log/pendingAppends';
import { describe, expect, it } from 'vitest';
import { settledEntries } from './outboxPublisher.ts';

const entries = ['e1', 'e2', 'e3', 'e4'].map((eventId) => ({ eventId }));
const ok = { status: 'fulfilled', value: undefined } as const;
const refused = (reason: unknown) => ({ status: 'rejected', reason }) as const;

describe('settledEntries: what a flush of the outbox leaves', () => {
  it('given every append acknowledged, then every entry is published', () => {
    expect(settledEntries(entries, [ok, ok, ok, ok])).toEqual({
      published: ['e1', 'e2', 'e3', 'e4'],
      refused: undefined,
      failure: undefined,
    });
  });

  it('given entries too large for the log, then they are parked and the others published', () => {
    const tooLarge = recordTooLarge(2_000_000, 1_048_588);
    expect(settledEntries(entries, [refused(tooLarge), ok, refused(tooLarge), ok])).toEqual({
      published: ['e2', 'e4'],
      refused: { eventIds: ['e1', 'e3'], reason: tooLarge },
      failure: undefined,
    });
  });

  it('given Kafka away for one entry, then the flush fails with it and the entry is not parked', () => {
    const away = unavailable(new Error('leader moved'));
    const tooLarge = recordTooLarge(2_000_000, 1_048_588);
    expect(settledEntries(entries, [ok, refused(away), refused(tooLarge), ok])).toEqual({
      published: ['e1', 'e4'],
      refused: { eventIds: ['e3'], reason: tooLarge },
      failure: away,
    });
  });
});
