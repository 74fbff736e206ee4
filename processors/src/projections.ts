import type { ProjectionName } from '@tradelog/projections';
import { collateralProjection } from './collateral/projection.ts';
import { documentIndexProjection } from './document-index/projection.ts';
import { enterpriseDataProjection } from './enterprise-data/projection.ts';
import { enterpriseFeedsProjection } from './enterprise-feeds/projection.ts';
import { linkNodeProjection } from './link-node/projection.ts';
import { orderStatusProjection } from './order-status/projection.ts';
import { referenceProjection } from './reference/projection.ts';
import type { Projection } from './runtime/projection.ts';
import { trackingProjection } from './tracking/projection.ts';

/**
 * The reducer bound to each declared projection (projections/src/catalogue.ts); the type
 * makes a declaration without its binding fail to compile.
 */
export const projections: Readonly<Record<ProjectionName, Projection>> = {
  'document-index': documentIndexProjection,
  'order-status': orderStatusProjection,
  'link-node': linkNodeProjection,
  'enterprise-data': enterpriseDataProjection,
  reference: referenceProjection,
  'enterprise-feeds': enterpriseFeedsProjection,
  tracking: trackingProjection,
  collateral: collateralProjection,
};
