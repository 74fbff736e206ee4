import { customsGoodsItem, listMax, pick } from './fields.ts';
import { documentSchema, eitherOr, type JsonSchema, labels as l, list, record } from './json-schema.ts';

/**
 * Clearance (spec §3.10). The spec marks no field required except the either-or rule; we
 * require entOrderNo as well, because it is the record key (see the catalogue).
 */
export const clearanceSchema: JsonSchema = documentSchema({
  words: l(
    '通关单',
    'Clearance',
    '货物报关通关信息。业务单号与客户编码至少填一项（§5）。规范未标注必填项，本平台要求企业订单号（记录键）。规范提到境外、境内收发货人的编码和名称但未给出字段名，以及商品行列表未给出名称（本平台采用 goodsList）；未列出的字段可作为附加属性提交，按原样保存',
    'The customs clearance of goods. busiOrderNo or customerCode must be non-empty (§5). The spec marks no field required; Tradelog requires entOrderNo (the record key). The spec mentions codes and names of the foreign and domestic consignors and consignees without naming the fields, and does not name the list of goods lines (Tradelog uses goodsList); fields not listed here may be sent as additional properties and are kept as submitted',
  ),
  properties: {
    ...pick('entOrderNo', 'busiOrderNo', 'customerCode', 'serviceOrderNo', 'portBonded', 'contractNo'),
    ...pick(
      'declareCode',
      'entryExitCode',
      'consumUnitName',
      'consumUnitNo',
      'customsClearanceCode',
      'customsClearanceName',
    ),
    ...pick('transportMode', 'superviseType', 'transportTool', 'voyageNo', 'transportBlno', 'blno'),
    ...pick('checkNo', 'passportNo', 'entryNo', 'inboundOrderNo', 'outboundOrderNo'),
    ...pick('beginCountry', 'beginPort', 'tradeCountry', 'designationPort', 'portsEntry', 'ieFlag'),
    ...pick('grossWeight', 'netWeight', 'wrapType', 'goodsPlace', 'transMode', 'packNo', 'declareCategory'),
    ...pick('orderCreateTime', 'declareTime', 'releaseTime', 'inspectionTime', 'isSwitch', 'isLabor'),
    goodsList: list(
      record(
        {
          ...pick('gNum', 'barCode', 'entGoodsNo', 'natureExemption'),
          ...pick('firstLegalUnit', 'firstLegalQty', 'secondLegalUnit', 'secondLegalQty'),
          ...pick('grossWeight', 'netWeight'),
          // The declaration goods item's fields, to the query spec's bounds (§3).
          ...customsGoodsItem,
        },
        [],
        l(
          '报关商品',
          'Declared goods line',
          '一行报关商品（规范未标注必填项）',
          'One line of declared goods (the spec marks no field required)',
        ),
      ),
      { max: listMax.lines },
      l(
        '商品列表',
        'Goods',
        '报关商品行（规范未给出列表名称，本平台采用 goodsList）',
        'The declared goods lines (the spec does not name the list; Tradelog uses goodsList)',
      ),
    ),
  },
  required: ['entOrderNo'],
  anyOf: eitherOr('busiOrderNo', 'customerCode'),
});
