import { describe, expect, it } from 'vitest';
import { consigneesOf, customerOf, outboundOrderTypeOf } from './customs.ts';

describe('customs declaration parties and outbound order type (query spec §3)', () => {
  it('given the owner’s code beside a name, then the customer is the name; without one, the code', () => {
    const fields = { consumUnitNo: '91310000MA1FL0001X', consumUnitName: '深圳前海优品供应链' };
    expect(customerOf(fields, '91310000MA1FL0001X')).toBe('深圳前海优品供应链');
    expect(customerOf({ domesticConsigneeCode: 'C1', domesticConsigneeName: '杭州百联' }, 'C1')).toBe(
      '杭州百联',
    );
    // A name beside another party's code is not the owner's.
    expect(customerOf(fields, '91330000MA2B00002Y')).toBe('91330000MA2B00002Y');
    expect(customerOf({}, null)).toBeNull();
  });

  it('names the domestic consignee or consignor, else its code, else null', () => {
    expect(consigneesOf({ domesticConsigneeCode: 'C1', domesticConsigneeName: '杭州百联' })).toBe('杭州百联');
    expect(consigneesOf({ consigneeNo: 'C2', consigneeName: '宁波海淘' })).toBe('宁波海淘');
    expect(consigneesOf({ consigneeNo: 'C2' })).toBe('C2');
    expect(consigneesOf({ foreignConsigneeName: 'ACME GmbH' })).toBeNull();
  });

  it('takes cross-border e-commerce retail modes as TO C, any other stated mode as TO B, none as null', () => {
    for (const mode of ['9610', '1210', '1239'])
      expect(outboundOrderTypeOf({ superviseType: mode })).toBe('TO C');
    for (const mode of ['0110', '9710', '9810', '5034'])
      expect(outboundOrderTypeOf({ superviseType: mode })).toBe('TO B');
    expect(outboundOrderTypeOf({})).toBeNull();
    expect(outboundOrderTypeOf({ superviseType: ' ' })).toBeNull();
  });
});
