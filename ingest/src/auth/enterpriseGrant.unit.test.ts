import { TradelogError } from '@tradelog/schemas';
import { describe, expect, it } from 'vitest';
import { assertSubmitGrant, type SubmitGrants } from './enterpriseGrant.ts';

const refusal = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof TradelogError)
      return { status: error.status, code: error.code, details: error.details };
    throw error;
  }
  return undefined;
};

const granted = (enterprises: string[], feeds: string[] = []): SubmitGrants => ({ enterprises, feeds });

describe('assertSubmitGrant', () => {
  it('admits granted enterprises, any with *, and documents naming none', () => {
    expect(
      refusal(() => assertSubmitGrant(granted(['E1']), 'purchase', { customerCode: 'E1' })),
    ).toBeUndefined();
    expect(
      refusal(() => assertSubmitGrant(granted(['*']), 'purchase', { customerCode: 'E9' })),
    ).toBeUndefined();
    expect(refusal(() => assertSubmitGrant(granted([]), 'pod', { busiOrderNo: 'B1' }))).toBeUndefined();
  });

  it('answers what the document names, so ingest knows whether attribution needs the grants', () => {
    expect(assertSubmitGrant(granted(['*']), 'pod', { busiOrderNo: 'B1' })).toEqual([]);
    expect(
      assertSubmitGrant(granted(['E1']), 'clearance', { customerCode: 'E1', declareCode: 'E1' }),
    ).toEqual([
      { field: 'customerCode', enterprise: 'E1', role: 'owner' },
      { field: 'declareCode', enterprise: 'E1', role: 'declaringFirm' },
    ]);
  });

  it('refuses another enterprise with 403, naming the field that names it, in both languages', () => {
    expect(refusal(() => assertSubmitGrant(granted(['E1']), 'check', { declareCode: 'D2' }))).toMatchObject({
      status: 403,
      code: 'ENTERPRISE_NOT_GRANTED',
      details: {
        message: { cn: expect.stringContaining('declareCode'), en: expect.stringContaining('declareCode') },
        errors: [{ path: 'declareCode', rule: 'enterpriseGrant' }],
      },
    });
  });

  it('checks every enterprise field, not only the one the document is attributed by', () => {
    // The second enterprise field of a document granted by its first.
    expect(
      refusal(() => assertSubmitGrant(granted(['B']), 'goods', { customerCode: 'B', enterpriseCode: 'A' }))
        ?.details,
    ).toMatchObject({ errors: [{ path: 'enterpriseCode' }] });
    expect(
      refusal(() =>
        assertSubmitGrant(granted(['B']), 'clearance', {
          customerCode: 'B',
          declareCode: 'A',
          consumUnitNo: 'A',
        }),
      )?.details,
    ).toMatchObject({ errors: [{ path: 'declareCode' }, { path: 'consumUnitNo' }] });
    // Nested fields: a goods line, a consumer order's declaring firm.
    expect(
      refusal(() =>
        assertSubmitGrant(granted(['E1']), 'goods', {
          enterpriseCode: 'E1',
          goodsList: [{ customerCode: 'E1' }, { customerCode: 'E2' }],
        }),
      )?.details,
    ).toMatchObject({ errors: [{ path: 'goodsList[1].customerCode' }] });
    expect(
      refusal(() =>
        assertSubmitGrant(granted(['B']), 'saleOrderToC', {
          customerCode: 'B',
          orderList: [{ entOrderNo: 'O1', declareCode: 'A' }],
        }),
      )?.details,
    ).toMatchObject({ errors: [{ path: 'orderList[0].declareCode' }] });
  });

  it('grants enterprise feeds on the enterprise they name, whatever the field is called', () => {
    const provider = (enterprises: string[]) =>
      granted(enterprises, ['enterprise.paymentAccountChange', 'enterprise.taxInformation']);
    expect(
      refusal(() => assertSubmitGrant(provider(['B']), 'paymentAccountChange', { enterpriseId: 'A' })),
    ).toMatchObject({
      status: 403,
      code: 'ENTERPRISE_NOT_GRANTED',
      details: { errors: [{ path: 'enterpriseId' }] },
    });
    expect(
      refusal(() => assertSubmitGrant(provider(['A']), 'taxInformation', { nsrsbh: 'A' })),
    ).toBeUndefined();
    expect(
      refusal(() => assertSubmitGrant(provider([]), 'taxInformation', { nsrsbh: 'A' }))?.details,
    ).toMatchObject({ errors: [{ path: 'nsrsbh' }] });
  });

  it('admits a feed only from an account granted its family', () => {
    expect(
      refusal(() =>
        assertSubmitGrant(granted(['*']), 'expressTrace', { shipperCode: 'SF', logisticCode: 'L1' }),
      ),
    ).toMatchObject({ status: 403, code: 'FEED_NOT_GRANTED' });
    expect(
      refusal(() =>
        assertSubmitGrant(granted([], ['tracking.express']), 'expressTrace', {
          shipperCode: 'SF',
          logisticCode: 'L1',
        }),
      ),
    ).toBeUndefined();
    expect(
      refusal(() =>
        assertSubmitGrant(granted(['A'], ['tracking.express']), 'paymentAccountChange', {
          enterpriseId: 'A',
        }),
      ),
    ).toMatchObject({ code: 'FEED_NOT_GRANTED' });
  });
});
