import type { EnterpriseDataState, Movement, WarehouseOrder } from './reducer.ts';

/** A movement as the stock_movements table holds it: its order's enterprise, warehouse and time. */
export interface MovementRow extends Movement {
  warehouseId: string;
  occurredAt: string | null;
}

/**
 * The effective movements of an enterprise (projection.ts: an inbound's lines stop counting once
 * a tally reports what arrived), each with its order's warehouse and time.
 */
export function movementsOf(
  data: { state: Pick<EnterpriseDataState, 'warehouseOrders'> },
  enterprise: string,
): MovementRow[] {
  const effective = (order: WarehouseOrder) => !(order.direction === 'inbound' && order.tallied);
  return [...data.state.warehouseOrders.values()]
    .filter((order) => order.enterprise === enterprise && effective(order))
    .flatMap((order) =>
      order.movements.map((movement) => ({
        ...movement,
        warehouseId: order.warehouseId ?? '',
        occurredAt: order.occurredAt,
      })),
    );
}
