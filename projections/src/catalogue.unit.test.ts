import { changeSources, enterpriseChangeSources } from '@tradelog/schemas/changes/contract';
import { changesSubscriptionRequest } from '@tradelog/schemas/queries/management';
import { describe, expect, it } from 'vitest';
import { attributingProjections, projectionCatalogue, projectionNames } from './catalogue.ts';
import { trackingKindOf } from './tracking/answers.ts';

// The lists other rooms read are derived from the declarations and the change contract; these
// tests fail when a projection is declared, or a source added, without the wiring a reader needs.
describe('projection declarations and the change contract', () => {
  it('gives every declaration the kinds the contract lists under its name, and nothing else', () => {
    for (const declaration of projectionCatalogue) {
      const source = Object.hasOwn(changeSources, declaration.name)
        ? changeSources[declaration.name as keyof typeof changeSources]
        : undefined;
      expect(declaration.changeKinds, declaration.name).toEqual(source?.kinds ?? []);
    }
    for (const source of Object.keys(changeSources)) expect(projectionNames).toContain(source);
  });

  it('lets a lender subscribe to every source an enterprise follows, and to nothing else', () => {
    const followed = projectionCatalogue
      .filter((p) => p.changeKinds.length > 0)
      .filter((p) => changeSources[p.name as keyof typeof changeSources].followedBy === 'enterprise')
      .map((p) => p.name);
    expect([...enterpriseChangeSources].sort()).toEqual([...followed].sort());
    const projections = changesSubscriptionRequest.properties?.projections;
    expect(projections?.items?.enum).toEqual(enterpriseChangeSources);
    expect(projections?.default).toEqual(enterpriseChangeSources);
    expect(projections?.maxItems).toBe(enterpriseChangeSources.length);
  });

  it('pushes every tracked-item kind to a tracking family', () => {
    const tracked = Object.entries(changeSources)
      .filter(([, source]) => source.followedBy === 'tracked-item')
      .flatMap(([, source]) => source.kinds);
    expect(Object.values(trackingKindOf).sort()).toEqual([...tracked].sort());
  });

  it('lists pending documents of exactly the projections that keep them', () => {
    const keepingPending = projectionCatalogue
      .filter((p) => p.compared.some((table) => (table.label ?? table.table) === 'pending_documents'))
      .map((p) => p.name);
    expect([...attributingProjections].sort()).toEqual(keepingPending.sort());
  });
});
