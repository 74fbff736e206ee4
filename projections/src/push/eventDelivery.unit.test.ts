import type { ChangeEvent } from '@tradelog/schemas/changes/contract';
import { describe, expect, it } from 'vitest';
import { eventDelivery } from './eventDelivery.ts';
import { pushPayload } from './payloads.ts';

const at = new Date('2025-03-01T08:00:00.000Z');
const event = {
  eventId: 'evt-1',
  projection: 'tracking',
  kind: 'air.status',
  enterprise: '999-12345675',
  subject: '999-12345675',
  occurredAt: '2025-03-01T07:59:00.000Z',
  source: { documentId: 'doc-1', topic: 'tradelog.air-tracking.v1', partition: 0, offset: '7' },
  data: { data: { businessNumber: '999-12345675', status: 'PROCESS' } },
} as ChangeEvent;
const subscription = {
  id: 'sub-1',
  family: 'air' as const,
  criteria: { businessNumber: '999-12345675' },
  state: 'active' as const,
};

describe('eventDelivery (the one construction of a delivery)', () => {
  it('given an active subscription, when an event matched it, then a delivery due as the caller says, with the family’s push body', () => {
    expect(eventDelivery(event, subscription, { id: 'd-1', at, due: 'pending' })).toEqual({
      id: 'd-1',
      subscriptionId: 'sub-1',
      family: 'air',
      eventId: 'evt-1',
      eventKind: 'air.status',
      subject: '999-12345675',
      payload: pushPayload(event, { ...subscription, subscriptionId: 'sub-1', sequence: 0, now: at }),
      state: 'pending',
      createdAt: at,
    });
    expect(eventDelivery(event, subscription, { id: 'd-2', at, due: 'requested' }).state).toBe('requested');
  });

  it('given a paused subscription, then the delivery is held, whatever is due', () => {
    const paused = { ...subscription, state: 'paused' as const };
    expect(eventDelivery(event, paused, { id: 'd-3', at, due: 'pending' }).state).toBe('held');
    expect(eventDelivery(event, paused, { id: 'd-4', at, due: 'requested' }).state).toBe('held');
  });
});
