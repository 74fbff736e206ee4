import { pick } from './fields.ts';
import { documentSchema, eitherOr, type JsonSchema, labels as l } from './json-schema.ts';

/** Port arrival (spec §3.1). */
export const podSchema: JsonSchema = documentSchema({
  words: l(
    '到港单',
    'Port arrival',
    '运输工具抵港信息。业务单号与客户编码至少填一项（§5）',
    'The arrival of a means of transport in port. busiOrderNo or customerCode must be non-empty (§5)',
  ),
  properties: {
    ...pick(
      'entOrderNo',
      'clientOrderNo',
      'serviceOrderNo',
      'busiOrderNo',
      'customerCode',
      'contractNo',
      'portNo',
      'orderCreateTime',
      'operateCode',
      'operateName',
      'tradeCountry',
      'portsEntry',
      'podTime',
      'leaveTime',
      'reportTime',
      'transportMode',
      'transportTool',
      'voyageNo',
      'billNo',
      'superviseType',
      'shipperNo',
      'shipperName',
      'consigneeNo',
      'consigneeName',
    ),
  },
  required: ['entOrderNo', 'portNo', 'orderCreateTime', 'transportMode', 'transportTool', 'billNo'],
  anyOf: eitherOr('busiOrderNo', 'customerCode'),
});
