import { describe, expect, it } from 'vitest';
import type { LinkNodeResponse } from './chainLayout.ts';
import {
  asOfParameter,
  type ChainCalls,
  type ChainRequest,
  chainPageSize,
  createChainStore,
} from './chainStore.ts';
import { createConsoleStore } from './consoleStore.ts';
import { enterpriseChoices, keyAccountOf, landingPageOf } from './keyAccount.ts';

const chain = (count: number, asOf?: string): LinkNodeResponse =>
  ({
    flag: 'success',
    code: '200',
    message: '',
    purchaseInfo: Array.from({ length: count }, (_, i) => ({
      documentType: 'purchase',
      businessKey: `P${i}`,
    })),
    ...(asOf
      ? { asOf: { at: asOf, records: count, positions: [{ topic: 't', partition: 0, offset: '1' }] } }
      : {}),
  }) as LinkNodeResponse;

/** The calls a store makes, answered as query-api would: fewer documents the earlier the moment. */
function recordedCalls() {
  const asked: { request: ChainRequest; asOf: string | undefined }[] = [];
  const exposures: { request: ChainRequest; asOf: string | undefined }[] = [];
  const calls: ChainCalls = {
    async linkNode(request, asOf) {
      asked.push({ request, asOf });
      if (asOf && asOf < '2000-01-01')
        return { ok: false, body: chain(0), message: 'asOf is before the data' };
      return { ok: true, body: asOf ? chain(1, asOf) : chain(3), message: '' };
    },
    async exposure(request, asOf) {
      exposures.push({ request, asOf });
      return { ok: true, body: { collateral: [], totalCount: 6, reusedCount: 2 }, message: '' };
    },
  };
  return { calls, asked, exposures };
}

describe('the lender chain store', () => {
  it('looks a chain up live, then as of a moment when the picker moves, and live again when cleared', async () => {
    const { calls, asked, exposures } = recordedCalls();
    const store = createChainStore(calls, { customerCode: 'E1' });
    store.getState().setField('documentsNo', ' F1 ');
    await store.getState().lookUp();
    expect(store.getState()).toMatchObject({ status: 'done', shownAsOf: undefined });
    expect(store.getState().response?.purchaseInfo).toHaveLength(3);
    expect(asked[0]).toEqual({
      request: {
        customerCode: 'E1',
        documentsType: '10',
        documentsNo: 'F1',
        page: 1,
        pageSize: chainPageSize,
      },
      asOf: undefined,
    });
    expect(exposures).toHaveLength(1);
    // A financing's chain says how much of its collateral other open financings hold too.
    expect(store.getState().reusedCount).toEqual({ reused: 2, total: 6 });

    await store.getState().setAsOf('2026-03-05T14:30:00');
    expect(asked[1]?.asOf).toBe(new Date('2026-03-05T14:30:00').toISOString());
    expect(store.getState().response?.purchaseInfo).toHaveLength(1);
    expect(store.getState().shownAsOf?.records).toBe(1);
    // The collateral is asked as of the same moment.
    expect(exposures.map((exposure) => exposure.asOf)).toEqual([undefined, asked[1]?.asOf]);

    await store.getState().setAsOf('1999-12-31T00:00:00');
    expect(store.getState()).toMatchObject({ status: 'error', error: 'asOf is before the data' });

    await store.getState().setAsOf('');
    expect(asked.at(-1)?.asOf).toBeUndefined();
    expect(store.getState().response?.purchaseInfo).toHaveLength(3);
  });

  it('draws a long chain a page at a time, and a page asked later answers instead of an earlier one', async () => {
    const pages: { page: number; release: () => void }[] = [];
    const store = createChainStore(
      {
        async linkNode(request) {
          // Each page waits until the test releases it, so that two can be in flight at once.
          await new Promise<void>((release) => pages.push({ page: request.page, release }));
          return {
            ok: true,
            body: {
              ...chain(request.pageSize),
              page: request.page,
              pageSize: request.pageSize,
              totalCount: 250,
            },
            message: '',
          };
        },
        exposure: async () => ({ ok: true, body: { collateral: [] }, message: '' }),
      },
      { customerCode: 'E1', documentsNo: 'F1' },
    );
    const first = store.getState().lookUp();
    pages[0]!.release();
    await first;
    expect(store.getState().paging).toEqual({ page: 1, pageSize: chainPageSize, totalCount: 250 });
    const second = store.getState().lookUp(2);
    const third = store.getState().lookUp(3);
    // The third page answers first; the second, answering after it, is not shown.
    pages[2]!.release();
    await third;
    pages[1]!.release();
    await second;
    expect(store.getState().paging?.page).toBe(3);
    expect(store.getState().status).toBe('done');
  });

  it('moves the moment without asking while no chain was looked up', async () => {
    const { calls, asked } = recordedCalls();
    const store = createChainStore(calls);
    await store.getState().setAsOf('2026-03-05T14:30:00');
    expect(asked).toEqual([]);
    expect(asOfParameter('')).toBeUndefined();
    expect(asOfParameter('not a time')).toBeUndefined();
  });
});

describe("the key's account in the console", () => {
  it('opens the tab of the key kind and offers a lender its grants; operators and * type a code', async () => {
    const lender = keyAccountOf({ kind: 'lender', account: 'L1', enterprises: ['E1', 'E2'] });
    expect(landingPageOf(lender)).toBe('consoleLender');
    expect(enterpriseChoices(lender)).toEqual(['E1', 'E2']);
    expect(landingPageOf(keyAccountOf({ kind: 'operator', enterprises: [] }))).toBe('consoleOperator');
    expect(enterpriseChoices(keyAccountOf({ kind: 'operator', enterprises: [] }))).toBeUndefined();
    expect(enterpriseChoices(keyAccountOf({ kind: 'partner', enterprises: ['*'] }))).toBeUndefined();
    expect(keyAccountOf({ kind: 'root', enterprises: [] })).toBeUndefined();
    expect(landingPageOf(undefined)).toBeUndefined();

    const store = createConsoleStore(() => 0);
    store.getState().signIn('key-1');
    await store.getState().loadAccount(async (key) => (key === 'key-1' ? lender : undefined));
    expect(store.getState()).toMatchObject({ account: lender, accountAsked: true });
    // An answer for a key signed out meanwhile is dropped.
    let answer: (value: typeof lender) => void = () => {};
    const late = store.getState().loadAccount(() => new Promise((resolve) => (answer = resolve)));
    store.getState().signOut();
    store.getState().signIn('key-2');
    answer(lender);
    await late;
    expect(store.getState()).toMatchObject({ apiKey: 'key-2', account: undefined, accountAsked: false });
  });
});
