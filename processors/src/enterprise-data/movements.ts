import type { MovementRow } from '@tradelog/projections/enterprise-data/movements';
import type { EnterpriseDataState, WarehouseOrder } from './reducer.ts';

/** A movement as the stock_movements table holds it, with its order's time (its occurred_at column). */
export type DatedMovement = Omit<MovementRow, 'lineNo'> & { occurredAt: string | null };

/**
 * The effective movements of an enterprise (projection.ts: an inbound's lines stop counting once
 * a tally reports what arrived), each with its order's warehouse and time.
 */
export function movementsOf(
  data: { state: Pick<EnterpriseDataState, 'warehouseOrders'> },
  enterprise: string,
): DatedMovement[] {
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
