import { listMax, max, pick } from './fields.ts';
import {
  documentSchema,
  eitherOr,
  identifier,
  type JsonSchema,
  labels as l,
  list,
  record,
} from './json-schema.ts';

/** Tally (spec §3.9): the warehouse's count of goods received against an inbound order. */
export const tallySchema: JsonSchema = documentSchema({
  words: l(
    '理货单',
    'Tally',
    '仓库按入库单理货的结果。业务单号与客户编码至少填一项（§5）；商品行哪些字段必填规范未给出，均按可选处理',
    "The warehouse's count of goods received against an inbound order. busiOrderNo or customerCode must be non-empty (§5); the spec does not say which goods-line fields are required, so all are optional",
  ),
  properties: {
    orderNo: identifier(
      max.tallyOrderNo,
      l(
        '理货单号',
        'Tally number',
        '理货单编号，作为记录键',
        'The number of the tally; used as the record key',
      ),
    ),
    ...pick('serviceOrderNo', 'busiOrderNo', 'customerCode', 'inboundOrderNo', 'inboundOrderId'),
    ...pick(
      'warehouseId',
      'warehouseName',
      'bookNo',
      'superviseType',
      'billNo',
      'contractNo',
      'transportMode',
    ),
    ...pick('arrivalTime', 'tallyTime', 'tallyCompletedTime', 'shelfTime'),
    goodsList: list(
      record(
        {
          ...pick(
            'gNum',
            'bookItemNo',
            'goodsNo',
            'barCode',
            'entGoodsNo',
            'goodsName',
            'entGoodsName',
            'hsCode',
          ),
          ...pick(
            'specification',
            'totalDeclarePrice',
            'grossWeight',
            'netWeight',
            'productDate',
            'lotNo',
            'expiryDate',
          ),
          ...pick('expectReceiveQty', 'unit', 'actReceiveQty', 'goodQty', 'damageQty', 'trayQty'),
          ...pick('length', 'width', 'height', 'volume', 'tallyBy', 'auditBy', 'acceptBy', 'shelfBy'),
          ...pick('lackQty', 'overflowQty', 'availableQty'),
        },
        [],
        l('理货商品', 'Tally line', '一行理货商品', 'One line of goods tallied'),
      ),
      { max: listMax.lines },
      l('商品列表', 'Goods', '理货商品明细', 'The goods tallied'),
    ),
  },
  required: ['orderNo', 'inboundOrderNo', 'warehouseId', 'warehouseName', 'arrivalTime', 'tallyTime'],
  anyOf: eitherOr('busiOrderNo', 'customerCode'),
});
