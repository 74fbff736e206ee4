import type { LogSnapshot, LogSnapshotReader } from '@tradelog/schemas/kit/log/logSnapshot';
import { describe, expect, it } from 'vitest';
import { createLogPlaces } from './logPlaces.ts';

/** A reader answering the log as the test sets it, counting its reads. */
function scriptedReader() {
  const state = {
    reads: 0,
    fail: false,
    log: {
      clusterId: 'c1',
      topicIds: new Map([['pods', 't1']]),
      ends: new Map([['pods/0', 10n]]),
    } as LogSnapshot,
  };
  const reader: LogSnapshotReader = {
    async read() {
      state.reads++;
      if (state.fail) throw new Error('no broker');
      return state.log;
    },
    close: async () => {},
  };
  return { state, reader };
}

const appendedAt = (offset: number) => ({ topic: 'pods', partition: 0, offset: String(offset) });

describe('createLogPlaces', () => {
  it('keeps with a record the identity of a read after it; records acknowledged together share one read', async () => {
    const { state, reader } = scriptedReader();
    const places = createLogPlaces({ reader, topics: ['pods'], identitySpacingMs: 0 });
    const kept = await Promise.all([places.placeOf(appendedAt(8)), places.placeOf(appendedAt(9))]);
    expect(kept).toEqual([
      { clusterId: 'c1', topicId: 't1', topic: 'pods', partition: 0, offset: 8n },
      { clusterId: 'c1', topicId: 't1', topic: 'pods', partition: 0, offset: 9n },
    ]);
    expect(state.reads).toBe(1);
    // A record acknowledged after that read gets a read of its own: the log may have been replaced since.
    state.log = { clusterId: 'c2', topicIds: new Map([['pods', 't2']]), ends: new Map([['pods/0', 1n]]) };
    expect(await places.placeOf(appendedAt(0))).toMatchObject({ clusterId: 'c2', topicId: 't2' });
    expect(state.reads).toBe(2);
  });

  it('keeps no identity when the read does not reach the record, or fails', async () => {
    const { state, reader } = scriptedReader();
    const places = createLogPlaces({ reader, topics: ['pods'], identitySpacingMs: 0 });
    expect(await places.placeOf(appendedAt(10))).toMatchObject({
      clusterId: null,
      topicId: null,
      offset: 10n,
    });
    state.fail = true;
    expect(await places.placeOf(appendedAt(3))).toMatchObject({ clusterId: null, topicId: null, offset: 3n });
  });

  it('answers whether the log, read now, holds a place; throws when it cannot be read', async () => {
    const { state, reader } = scriptedReader();
    const places = createLogPlaces({ reader, topics: ['pods'] });
    const place = { clusterId: 'c1', topicId: 't1', topic: 'pods', partition: 0, offset: 4n };
    expect(await places.holds(place)).toBe(true);
    state.log = { ...state.log, topicIds: new Map([['pods', 't9']]) };
    expect(await places.holds(place)).toBe(false);
    state.fail = true;
    await expect(places.holds(place)).rejects.toThrow('no broker');
  });
});
