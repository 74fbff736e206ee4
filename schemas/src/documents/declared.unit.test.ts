import { describe, expect, it } from 'vitest';
import { documentType } from './catalogue.ts';
import { declaredFieldsOf, declaredOnly, rowSchemaOf } from './declared.ts';
import { examples } from './examples.ts';

describe('declaredFieldsOf', () => {
  const purchase = documentType('purchase').schema;

  it('keeps every declared field of a document, its goods lines too', () => {
    const document = examples.purchase as unknown as Record<string, unknown>;
    expect(declaredFieldsOf(purchase, document)).toEqual(document);
  });

  it('drops keys a partner named beyond the schema, at the top and inside lines', () => {
    const planted = {
      entOrderNo: 'PO-1',
      '=HYPERLINK("http://x")': 'click',
      'provenance.partnerId': 'someone-else',
      goodsList: [{ goodsName: 'tea', qty: 2, '@SUM(A1)': 1 }],
    };
    expect(declaredFieldsOf(purchase, planted)).toEqual({
      entOrderNo: 'PO-1',
      goodsList: [{ goodsName: 'tea', qty: 2 }],
    });
  });

  it('reads properties from allOf, anyOf and then branches, and items through them', () => {
    const schema = {
      properties: { a: { type: 'string' as const } },
      allOf: [{ properties: { b: { type: 'string' as const } } }],
      anyOf: [{ properties: { c: { type: 'string' as const } } }],
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword
      then: { properties: { d: { items: { properties: { e: { type: 'string' as const } } } } } },
    };
    expect(declaredOnly(schema, { a: 1, b: 2, c: 3, d: [{ e: 4, f: 5 }], z: 6 })).toEqual({
      a: 1,
      b: 2,
      c: 3,
      d: [{ e: 4 }],
    });
  });

  it('keeps every declared field of every example document', async () => {
    const { documentTypes } = await import('./catalogue.ts');
    // The tax lists' items are open (kept as the data service delivers them), named in part.
    for (const type of documentTypes.filter((type) => type.id !== 'taxInformation')) {
      const example = (examples as unknown as Record<string, Record<string, unknown> | undefined>)[type.id];
      if (example) expect(declaredFieldsOf(type.schema, example), type.id).toEqual(example);
    }
  });

  it('reads a consumer-sales row as one order beside the batch customerCode', () => {
    const order = {
      customerCode: 'C1',
      entOrderNo: 'TM-1',
      cbepcomName: 'Tmall',
      goodList: [{ goodsName: 'tea', x: 1 }],
      orderList: [],
      '=1+1': 'x',
    };
    expect(declaredFieldsOf(rowSchemaOf('saleOrderToC'), order)).toEqual({
      customerCode: 'C1',
      entOrderNo: 'TM-1',
      cbepcomName: 'Tmall',
      goodList: [{ goodsName: 'tea' }],
    });
    expect(rowSchemaOf('purchase')).toBe(documentType('purchase').schema);
  });
});
