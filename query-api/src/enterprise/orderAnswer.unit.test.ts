import { describe, expect, it } from 'vitest';
import { orderState } from './orderAnswer.ts';

describe('orderState: the query spec’s names for the submitted status codes (§3)', () => {
  it('given each code, then its name; none without a status', () => {
    expect(orderState('purchase', 'none')).toBeNull();
    expect(orderState('purchase', '30')).toBe('CANCELLED');
    expect(orderState('purchase', '20')).toBe('RECEIVED');
    expect(orderState('saleOrderToB', '20')).toBe('SHIPPED');
    expect(orderState('saleOrderToC', '10')).toBe('AWAITING_SHIPMENT');
  });
});
