import { describe, expect, it } from 'vitest';
import { readAcrossLeaderMoves } from './topics.ts';

const protocolError = (type: string) => Object.assign(new Error(type), { type, retriable: true });

describe('offsets read across a leader move', () => {
  it('refreshes the metadata and reads again when the leader moved', async () => {
    const seen: string[] = [];
    let reads = 0;
    const offsets = await readAcrossLeaderMoves(
      async () => {
        seen.push('read');
        if (++reads < 3)
          throw protocolError(reads === 1 ? 'NOT_LEADER_FOR_PARTITION' : 'LEADER_NOT_AVAILABLE');
        return 'offsets';
      },
      async () => seen.push('refresh'),
      { delayMs: 1 },
    );
    expect(offsets).toBe('offsets');
    expect(seen).toEqual(['read', 'refresh', 'read', 'refresh', 'read']);
  });

  it('gives up after its attempts, and at once on any other error', async () => {
    let reads = 0;
    const refresh = async () => undefined;
    await expect(
      readAcrossLeaderMoves(
        async () => {
          reads++;
          throw protocolError('NOT_LEADER_FOR_PARTITION');
        },
        refresh,
        { attempts: 2, delayMs: 1 },
      ),
    ).rejects.toThrow('NOT_LEADER_FOR_PARTITION');
    expect(reads).toBe(2);
    reads = 0;
    await expect(
      readAcrossLeaderMoves(async () => {
        reads++;
        throw new Error('connection refused');
      }, refresh),
    ).rejects.toThrow('connection refused');
    expect(reads).toBe(1);
  });
});
