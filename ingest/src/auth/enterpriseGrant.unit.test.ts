import { TradelogError } from '@tradelog/schemas';
import type { DocumentTypeId } from '@tradelog/schemas/documents/catalogue';
import { enterprisesNamedBy } from '@tradelog/schemas/documents/enterpriseFields';
import { describe, expect, it } from 'vitest';
import { assertSubmitGrant, type SubmitGrants } from './enterpriseGrant.ts';

/** The check as ingest runs it: on what the document names (intake/examine.ts), which it returns. */
function checkGrant(grants: SubmitGrants, type: DocumentTypeId, document: Record<string, unknown>) {
  const named = enterprisesNamedBy(type, document);
  assertSubmitGrant(grants, type, named);
  return named;
}

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
    expect(refusal(() => checkGrant(granted(['E1']), 'purchase', { customerCode: 'E1' }))).toBeUndefined();
    expect(refusal(() => checkGrant(granted(['*']), 'purchase', { customerCode: 'E9' }))).toBeUndefined();
    expect(refusal(() => checkGrant(granted([]), 'pod', { busiOrderNo: 'B1' }))).toBeUndefined();
  });

  it('answers what the document names, so ingest knows whether attribution needs the grants', () => {
    expect(checkGrant(granted(['*']), 'pod', { busiOrderNo: 'B1' })).toEqual([]);
    expect(checkGrant(granted(['E1']), 'clearance', { customerCode: 'E1', declareCode: 'E1' })).toEqual([
      { field: 'customerCode', enterprise: 'E1', role: 'owner' },
      { field: 'declareCode', enterprise: 'E1', role: 'declaringFirm' },
    ]);
  });

  it('refuses another enterprise with 403, naming the field that names it, in both languages', () => {
    expect(refusal(() => checkGrant(granted(['E1']), 'check', { declareCode: 'D2' }))).toMatchObject({
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
      refusal(() => checkGrant(granted(['B']), 'goods', { customerCode: 'B', enterpriseCode: 'A' }))?.details,
    ).toMatchObject({ errors: [{ path: 'enterpriseCode' }] });
    expect(
      refusal(() =>
        checkGrant(granted(['B']), 'clearance', {
          customerCode: 'B',
          declareCode: 'A',
          consumUnitNo: 'A',
        }),
      )?.details,
    ).toMatchObject({ errors: [{ path: 'declareCode' }, { path: 'consumUnitNo' }] });
    // Nested fields: a goods line, a consumer order's declaring firm.
    expect(
      refusal(() =>
        checkGrant(granted(['E1']), 'goods', {
          enterpriseCode: 'E1',
          goodsList: [{ customerCode: 'E1' }, { customerCode: 'E2' }],
        }),
      )?.details,
    ).toMatchObject({ errors: [{ path: 'goodsList[1].customerCode' }] });
    expect(
      refusal(() =>
        checkGrant(granted(['B']), 'saleOrderToC', {
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
      refusal(() => checkGrant(provider(['B']), 'paymentAccountChange', { enterpriseId: 'A' })),
    ).toMatchObject({
      status: 403,
      code: 'ENTERPRISE_NOT_GRANTED',
      details: { errors: [{ path: 'enterpriseId' }] },
    });
    expect(refusal(() => checkGrant(provider(['A']), 'taxInformation', { nsrsbh: 'A' }))).toBeUndefined();
    expect(refusal(() => checkGrant(provider([]), 'taxInformation', { nsrsbh: 'A' }))?.details).toMatchObject(
      { errors: [{ path: 'nsrsbh' }] },
    );
  });

  it('admits a feed only from an account granted its family', () => {
    expect(
      refusal(() => checkGrant(granted(['*']), 'expressTrace', { shipperCode: 'SF', logisticCode: 'L1' })),
    ).toMatchObject({ status: 403, code: 'FEED_NOT_GRANTED' });
    expect(
      refusal(() =>
        checkGrant(granted([], ['tracking.express']), 'expressTrace', {
          shipperCode: 'SF',
          logisticCode: 'L1',
        }),
      ),
    ).toBeUndefined();
    expect(
      refusal(() =>
        checkGrant(granted(['A'], ['tracking.express']), 'paymentAccountChange', {
          enterpriseId: 'A',
        }),
      ),
    ).toMatchObject({ code: 'FEED_NOT_GRANTED' });
  });
});
