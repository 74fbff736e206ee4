import { gateVehicleType, listMax, ownerCodeBeyondSpec, pick } from './fields.ts';
import { type JsonSchema, labels as l, list, record } from './json-schema.ts';

/**
 * Nested lists that several documents share. The spec writes them out once (internal
 * transport's containerList, inbound's vehicleList and attachmentList) and refers back to
 * them ("similar to inbound"), so they are defined once here.
 */

// Inbound's containerList names its fields only in words ("container number, model, seal
// number, combined container flag", §3.3); we use internal transport's names for them (§3.2).
export const containerList: JsonSchema = list(
  record(
    pick('gNum', 'containerNo', 'containerModel', 'sealNo', 'cabinets', 'notes'),
    ['gNum', 'containerNo', 'containerModel'],
    l('集装箱', 'Container', '一个集装箱', 'One container'),
  ),
  { max: listMax.attachments },
  l('集装箱列表', 'Containers', '承载货物的集装箱', 'The containers carrying the goods'),
);

export const vehicleList: JsonSchema = list(
  record(
    { ...pick('gNum', 'vehicleNo'), vehicleType: gateVehicleType, ...pick('carpool', 'notes') },
    [],
    l(
      '车辆',
      'Vehicle',
      '一辆进出区车辆（规范未标注必填项）',
      'One vehicle at the zone gate (the spec marks no field required)',
    ),
  ),
  { max: listMax.attachments },
  l('车辆列表', 'Vehicles', '运送货物进出区的车辆', 'The vehicles moving the goods through the zone gate'),
);

export const attachmentList: JsonSchema = list(
  record(
    pick('gNum', 'docType', 'docUrl', 'notes'),
    [],
    l(
      '附件',
      'Attachment',
      '一份随附单证（规范未标注必填项）',
      'One attached document (the spec marks no field required)',
    ),
  ),
  { max: listMax.attachments },
  l(
    '附件列表',
    'Attachments',
    '随附单证：合同、装箱单、发票等',
    'Attached documents: contract, packing list, invoice …',
  ),
);

/** The goods line of the customs-facing warehouse documents (inbound §3.3, outbound §3.4). */
export const zoneGoodsFields = pick(
  'gNum',
  'bookItemNo',
  'goodsNo',
  'barCode',
  'entGoodsNo',
  'entGoodsName',
  'goodsName',
  'hsCode',
  'specification',
  'specDescription',
  'orgCountry',
  'destinationCountry',
  'natureExemption',
  'declareUnit',
  'declareQty',
  'storageUnit',
  'enterpriseQty',
  'firstLegalUnit',
  'firstLegalQty',
  'secondLegalUnit',
  'secondLegalQty',
  'declareCurrency',
  'declareUnitPrice',
  'declareTotalPrice',
  'weights',
  'lotNo',
  'notes',
);

export const zoneGoodsRequired = [
  'gNum',
  'entGoodsNo',
  'entGoodsName',
  'hsCode',
  'specification',
  'declareQty',
  'firstLegalUnit',
  'firstLegalQty',
] as const;

/** Header fields inbound and outbound share (§3.3, §3.4). */
export const zoneHeaderFields = {
  ...pick(
    'entOrderNo',
    'commitTime',
    'warehouseId',
    'warehouseName',
    'declareQty',
    'grossWeight',
    'orderCreateTime',
  ),
  customerCode: ownerCodeBeyondSpec,
  // §3.3 names no enterprise field; the other documents' names are declared so that grants and
  // attribution read them (schemas/README.md "Where documents name enterprises").
  enterpriseCode: {
    ...pick('enterpriseCode').enterpriseCode,
    description: '单据所属企业的编码（规范未给出字段名，沿用商品导入的字段名）',
    'x-description-en':
      "The code of the enterprise the order belongs to (the spec names no field; goods import's name is used)",
  },
};

export const zoneHeaderGaps = {
  cn: '规范提到表头还有海关、企业、运输、费用、重量和时间等可选字段，但未给出字段名；这些字段可作为附加属性提交，按原样保存',
  en: 'The spec mentions further optional customs, enterprise, transport, fee, weight and time fields in the header without naming them; send them as additional properties, they are kept as submitted',
};
