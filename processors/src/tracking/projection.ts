import { trackingDeclaration } from '@tradelog/projections/tracking/declaration';
import { findItems, upsertItems } from '@tradelog/projections/tracking/tables';
import { keyedProjection } from '../runtime/projection.ts';
import { reduceTracking } from './reducer.ts';
import { reportOf } from './reports.ts';

export const trackingProjection = keyedProjection({
  declaration: trackingDeclaration,
  keysOf: (event) => {
    const report = reportOf(event);
    return report ? [report.subject] : [];
  },
  load: async (db, schema, subjects) =>
    new Map((await findItems(db, schema, subjects)).map((item) => [item.subject, item])),
  reduce: reduceTracking,
  save: (db, schema, rows) =>
    upsertItems(
      db,
      schema,
      rows.map(([, item]) => item),
    ),
});
