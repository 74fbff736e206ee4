import { declareProjection } from '../declaration.ts';
import { createReferenceTables, referenceTables } from './tables.ts';

/**
 * Logistics reference data (query spec §3, §7): vessels (archive and AIS), international
 * transport bills, route schedules, terminal vessel plans, flights and trucks, from the
 * providers' reference feeds. No change events: the spec's pushes do not cover these families.
 */
export const referenceDeclaration = declareProjection({
  name: 'reference',
  title: { cn: '物流参考数据', en: 'Logistics reference data' },
  attributes: false,
  // 2: a truck keeps its latest stated stage (§4 truck stages); carriers (§9).
  revision: 2,
  reads: [
    'vesselArchiveFeed',
    'aisPositionFeed',
    'transportBillFeed',
    'routeScheduleFeed',
    'vesselPlanFeed',
    'flightFeed',
    'truckPositionFeed',
    'carrierFeed',
  ],
  createTables: createReferenceTables,
  compared: Object.values(referenceTables).map((spec) => ({
    table: spec.table,
    key: spec.key,
    hash: `md5(row(${[...Object.keys(spec.columns), 'fields', 'source'].join(', ')})::text)`,
  })),
});
