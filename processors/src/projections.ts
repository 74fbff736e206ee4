import type { ProjectionName } from '@tradelog/projections';
import { documentIndexProjection } from './document-index/projection.ts';
import { enterpriseDataProjection } from './enterprise-data/projection.ts';
import { linkNodeProjection } from './link-node/projection.ts';
import { orderStatusProjection } from './order-status/projection.ts';
import type { Projection } from './runtime/projection.ts';

/** Every projection the processors run, by name. */
export const projections: Readonly<Record<ProjectionName, Projection>> = {
  'document-index': documentIndexProjection,
  'order-status': orderStatusProjection,
  'link-node': linkNodeProjection,
  'enterprise-data': enterpriseDataProjection,
};
