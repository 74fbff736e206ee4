import { TradelogError } from '@tradelog/schemas';
import { describe, expect, it } from 'vitest';
import { assertSubmitGrant } from './enterpriseGrant.ts';

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

describe('assertSubmitGrant', () => {
  it('admits granted enterprises, any with *, and documents naming none', () => {
    expect(refusal(() => assertSubmitGrant(['E1'], 'purchase', { customerCode: 'E1' }))).toBeUndefined();
    expect(refusal(() => assertSubmitGrant(['*'], 'purchase', { customerCode: 'E9' }))).toBeUndefined();
    expect(refusal(() => assertSubmitGrant([], 'pod', { busiOrderNo: 'B1' }))).toBeUndefined();
  });

  it('refuses another enterprise with 403, naming the field that names it, in both languages', () => {
    expect(refusal(() => assertSubmitGrant(['E1'], 'check', { declareCode: 'D2' }))).toMatchObject({
      status: 403,
      code: 'ENTERPRISE_NOT_GRANTED',
      details: {
        message: { cn: expect.stringContaining('declareCode'), en: expect.stringContaining('declareCode') },
        errors: [{ path: 'declareCode', rule: 'enterpriseGrant' }],
      },
    });
    // customerCode wins over the type's own field, as processors attribute it.
    expect(
      refusal(() => assertSubmitGrant(['D2'], 'check', { customerCode: 'E3', declareCode: 'D2' }))?.details,
    ).toMatchObject({ errors: [{ path: 'customerCode' }] });
    // A goods line naming another enterprise is refused too.
    expect(
      refusal(() =>
        assertSubmitGrant(['E1'], 'goods', {
          enterpriseCode: 'E1',
          goodsList: [{ customerCode: 'E1' }, { customerCode: 'E2' }],
        }),
      )?.details,
    ).toMatchObject({ errors: [{ path: 'goodsList[1].customerCode' }] });
  });
});
