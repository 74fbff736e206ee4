import { describe, expect, it } from 'vitest';
import { documentTypes } from './catalogue.ts';
import {
  declaredEnterpriseFields,
  enterpriseFieldOf,
  enterpriseFieldsOf,
  enterprisesNamedBy,
  nestedEnterpriseOf,
} from './enterpriseFields.ts';
import type { JsonSchema } from './json-schema.ts';

/**
 * A field that reads as an enterprise's, customer's or taxpayer's code: its name or its words
 * say so, and it holds a code rather than a name, an order, a goods line or a batch.
 */
const looksLikeEnterpriseCode = (name: string, field: JsonSchema): boolean => {
  if (field.type !== 'string' && field.type !== undefined) return false;
  const words = `${field['x-title-en'] ?? ''} ${field['x-description-en'] ?? ''}`;
  const codeLike =
    /(code|no|id|nsrsbh|account)$/i.test(name) || /\b(code|id)\b/i.test(field['x-title-en'] ?? '');
  const party =
    /(enterprise|customer|taxpayer|owner|company|firm|consum|shipper|consignee|agent|broker|manufacturer|declar|operat)/i.test(
      `${name} ${words}`,
    ) || /(企业|客户|纳税人|货主|单位)/.test(`${field.title ?? ''}${field.description ?? ''}`);
  const notAParty =
    /\b(order|goods|batch|item|bill|container|vessel|flight|port|event|state|status|entry|number)\b/i.test(
      field['x-title-en'] ?? '',
    );
  return codeLike && party && !notAParty;
};

/** Every property of a schema, nested ones included, with its path. */
function propertiesOf(schema: JsonSchema, path = ''): [string, string, JsonSchema][] {
  const out: [string, string, JsonSchema][] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const at = path === '' ? name : `${path}.${name}`;
    out.push([at, name, property]);
    out.push(...propertiesOf(property, at));
    if (property.items) out.push(...propertiesOf(property.items, `${at}[]`));
  }
  // A branch's untitled properties only constrain a field declared above (either-or rules).
  for (const branch of [...(schema.anyOf ?? []), ...(schema.allOf ?? []), schema.then])
    if (branch) out.push(...propertiesOf(branch, path).filter(([, , field]) => field.title !== undefined));
  return out;
}

describe('where documents name enterprises', () => {
  it('declares or waives every field whose name or words say enterprise, customer or taxpayer code', () => {
    const undeclared = documentTypes.flatMap((type) =>
      propertiesOf(type.schema)
        .filter(
          ([, name, field]) =>
            looksLikeEnterpriseCode(name, field) &&
            field['x-enterprise'] === undefined &&
            field['x-enterprise-waived'] === undefined,
        )
        .map(([path]) => `${type.id}: ${path}`),
    );
    expect([...new Set(undeclared)]).toEqual([]);
  });

  it('reads nested fields from the schema, and attributes by the first top-level field in role order', () => {
    expect(declaredEnterpriseFields(documentTypes.find((type) => type.id === 'goods')!.schema)).toEqual([
      { path: ['customerCode'], role: 'owner' },
      { path: ['enterpriseCode'], role: 'enterprise' },
      { path: ['goodsList', '[]', 'customerCode'], role: 'owner' },
    ]);
    expect(enterpriseFieldsOf('brandRanking')).toEqual([]);
    // Clearance: the owner, else the consuming unit, else the declaring firm.
    expect(enterpriseFieldOf('clearance', { declareCode: 'D', consumUnitNo: 'U' })).toEqual({
      field: 'consumUnitNo',
      enterprise: 'U',
      role: 'consumingUnit',
    });
    expect(enterpriseFieldOf('clearance', { customerCode: ' C ', declareCode: 'D' })?.enterprise).toBe('C');
    expect(enterpriseFieldOf('pod', { customerCode: '  ' })).toBeUndefined();
  });

  it('names every enterprise of every list item, with where, and files a goods line by its own declared code', () => {
    expect(
      enterprisesNamedBy('saleOrderToC', {
        customerCode: 'C',
        orderList: [{ declareCode: 'D1' }, {}, { declareCode: 'D3' }],
      }),
    ).toEqual([
      { field: 'customerCode', enterprise: 'C', role: 'owner' },
      { field: 'orderList[0].declareCode', enterprise: 'D1', role: 'declaringFirm' },
      { field: 'orderList[2].declareCode', enterprise: 'D3', role: 'declaringFirm' },
    ]);
    expect(nestedEnterpriseOf('goods', 'goodsList', 'customerCode', { customerCode: 'L' })).toBe('L');
    expect(() => nestedEnterpriseOf('goods', 'goodsList', 'brand', { brand: 'X' })).toThrow(/not a declared/);
  });
});
