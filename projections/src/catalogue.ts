import type { ChangeSource } from '@tradelog/schemas/changes/contract';
import { collateralDeclaration } from './collateral/declaration.ts';
import { documentIndexDeclaration } from './document-index/declaration.ts';
import { enterpriseDataDeclaration } from './enterprise-data/declaration.ts';
import { enterpriseFeedsDeclaration } from './enterprise-feeds/declaration.ts';
import { linkNodeDeclaration } from './link-node/declaration.ts';
import { orderStatusDeclaration } from './order-status/declaration.ts';
import { referenceDeclaration } from './reference/declaration.ts';
import { trackingDeclaration } from './tracking/declaration.ts';

/**
 * Every projection, declared once (./declaration.ts). Adding a projection is one declaration
 * here (tables, comparison, topics, change kinds) and one reducer binding in
 * processors/src/projections.ts; the runtime, rebuild, versions, `/ops` and the console follow.
 */
export const projectionCatalogue = [
  documentIndexDeclaration,
  orderStatusDeclaration,
  linkNodeDeclaration,
  enterpriseDataDeclaration,
  referenceDeclaration,
  enterpriseFeedsDeclaration,
  trackingDeclaration,
  collateralDeclaration,
] as const;

export type ProjectionName = (typeof projectionCatalogue)[number]['name'];

export const projectionNames: readonly ProjectionName[] = projectionCatalogue.map((p) => p.name);

/** The projections whose pending documents operators list (`/ops/unattributed`). */
export const attributingProjections: readonly ProjectionName[] = projectionCatalogue
  .filter((p) => p.attributes)
  .map((p) => p.name);

/** Every source of the change contract is a declared projection: a source without one fails to compile. */
export type ChangeSourceIsDeclared = ChangeSource extends ProjectionName ? true : never;
export const changeSourcesAreDeclared: ChangeSourceIsDeclared = true;

export function isProjectionName(value: string): value is ProjectionName {
  return (projectionNames as readonly string[]).includes(value);
}

export function projectionDeclaration(name: ProjectionName) {
  const found = projectionCatalogue.find((p) => p.name === name);
  if (!found) throw new Error(`unknown projection ${name}`);
  return found;
}
