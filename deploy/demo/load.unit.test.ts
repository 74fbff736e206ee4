import type { OpenApiDocument } from '@tradelog/schemas/openapi/document';
import { describe, expect, it } from 'vitest';
import { collectionVariables, linkNodeChainShown, purchasesShown, salesShown, submitPathOf } from './load.ts';

describe('loadDemo: when the projections show the demo data', () => {
  it('given every purchase order sent shown in its last status, then purchases are shown, whatever else is shown', () => {
    const body = {
      dataList: [
        { entOrderNo: 'PO-1', orderState: 'RECEIVED' },
        { entOrderNo: 'PO-2', orderState: 'ORDERED' },
        // Another purchase of the same enterprise, not the demo's.
        { entOrderNo: 'OWN-9', orderState: 'RECEIVED' },
      ],
    };
    const sent = (entries: [string, string][]) => new Map<unknown, unknown>(entries);
    expect(
      purchasesShown(
        body,
        sent([
          ['PO-1', '20'],
          ['PO-2', '10'],
        ]),
      ),
    ).toBe(true);
    expect(
      purchasesShown(
        body,
        sent([
          ['PO-1', '20'],
          ['PO-2', '20'],
        ]),
      ),
    ).toBe(false);
    expect(
      purchasesShown(
        body,
        sent([
          ['PO-1', '20'],
          ['PO-3', '10'],
        ]),
      ),
    ).toBe(false);
    expect(purchasesShown({}, sent([]))).toBe(true);
  });

  it('given a sale shipped or cancelled, then sales are shown', () => {
    expect(salesShown({ dataList: [{ orderState: 'ORDERED' }, { orderState: 'CANCELLED' }] })).toBe(true);
    expect(salesShown({ dataList: [{ orderState: 'ORDERED' }] })).toBe(false);
    expect(salesShown({})).toBe(false);
  });

  it('given every block of the link-node chain holding something, then the chain is shown', () => {
    const chain = { arrivalInfo: [1], intoDeclareInfo: [1], intoStorageInfo: [1], purchaseInfo: [1] };
    expect(linkNodeChainShown(chain)).toBe(true);
    expect(linkNodeChainShown({ ...chain, purchaseInfo: [] })).toBe(false);
    expect(linkNodeChainShown({ ...chain, arrivalInfo: null })).toBe(false);
  });
});

describe('loadDemo: the collection', () => {
  it('finds ingest path of an interface by its submit operation', () => {
    const ingest = {
      paths: { '/api/pod': { post: { operationId: 'submit_pod' } } },
    } as unknown as OpenApiDocument;
    expect(submitPathOf(ingest, 'pod')).toBe('/api/pod');
    expect(() => submitPathOf(ingest, 'tally')).toThrow('ingest serves no tally interface');
  });

  it('names the ids found, and leaves out the ones not found', () => {
    const urls = { ingestUrl: 'http://i', queryApiUrl: 'http://q', callbackUrl: 'http://c' };
    const keys = { partnerKey: 'p', lenderKey: 'l', operatorKey: 'o' };
    const found = { demoSubscriptionId: 's', visitorPassword: 'v' };
    expect(collectionVariables(urls, keys, { ...found, liveVersion: 3, deliveryId: 'd' })).toEqual({
      ...urls,
      ...keys,
      ...found,
      subscriptionId: '',
      liveVersion: '3',
      deliveryId: 'd',
    });
    expect(collectionVariables(urls, keys, found)).not.toHaveProperty('deadLetterId');
    expect(collectionVariables(urls, keys, found).liveVersion).toBe('1');
  });
});
