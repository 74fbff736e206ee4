import type { DeclarationRow } from '@tradelog/projections/enterprise-data/tables';
import { customsGoodsItemFields } from '@tradelog/schemas/documents/fields';
import { pick } from './answerFields.ts';
import { consigneesOf, customerOf, outboundOrderTypeOf } from './customs.ts';

/** A customs declaration as the customs declaration query answers it (query spec §3), pure. */

/**
 * A declaration's goods item as the customs query answers it: the query spec's field set (§3,
 * checked to its bounds when submitted: schemas/src/documents/fields.ts customsGoodsItem), each
 * null when the line did not give it (a check note's lines need not use these names).
 */
const customsGoodsItemOut = (line: Record<string, unknown>) =>
  Object.fromEntries(customsGoodsItemFields.map((name) => [name, line[name] ?? null]));

export const declarationOut = (row: DeclarationRow) => ({
  ...pick(row.fields, [
    'entryNo',
    'billNo',
    'contractNo',
    'transportMode',
    'transportTool',
    'voyageNo',
    'superviseType',
    'beginCountry',
    'beginPort',
    'designationPort',
    'tradeCountry',
    'grossWeight',
    'netWeight',
    'checkNo',
    'entOrderNo',
  ]),
  entryNo: row.entryNo,
  customer: customerOf(row.fields, row.ownerCode),
  declareCode: row.declareCode,
  agent: row.fields.customsClearanceName ?? row.fields.declareCode,
  consignees: consigneesOf(row.fields),
  outboundOrderType: outboundOrderTypeOf(row.fields),
  // The parties' codes and names as submitted, beside the names §3 shows.
  parties: pick(row.fields, [
    'consigneeNo',
    'consigneeName',
    'domesticConsigneeCode',
    'domesticConsigneeName',
    'foreignConsigneeCode',
    'foreignConsigneeName',
  ]),
  ieFlag: row.ieFlag,
  declareTime: row.declareTime,
  orderType: row.dataSource === '10' ? '50' : '40',
  goodsList: (Array.isArray(row.fields.goodsList) ? row.fields.goodsList : []).map(customsGoodsItemOut),
  provenance: row.provenance,
});
