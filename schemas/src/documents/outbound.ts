import { listMax, outputType, pick } from './fields.ts';
import { documentSchema, type JsonSchema, labels as l, list, record } from './json-schema.ts';
import {
  attachmentList,
  containerList,
  vehicleList,
  zoneGoodsFields,
  zoneGoodsRequired,
  zoneHeaderFields,
  zoneHeaderGaps,
} from './lists.ts';

/**
 * Outbound (spec §3.4): "similar to inbound" — the same header, lists and required fields,
 * with outputType for inputType, three more times, three more goods quantities and pallets.
 */
export const outboundSchema: JsonSchema = documentSchema({
  words: l(
    '出库单',
    'Outbound',
    `货物离开保税仓库；与入库单结构相同，必填项按入库单。${zoneHeaderGaps.cn}`,
    `Goods leaving a bonded warehouse; shaped like the inbound document, with the same required fields. ${zoneHeaderGaps.en}`,
  ),
  properties: {
    ...zoneHeaderFields,
    outputType,
    ...pick('deliverTime', 'carrierTime', 'signTime'),
    goodsList: list(
      record(
        { ...zoneGoodsFields, ...pick('declareVal', 'planQty', 'actualQty') },
        zoneGoodsRequired,
        l('出库商品', 'Outbound goods line', '一行出库商品', 'One line of goods going out'),
      ),
      { min: 1, max: listMax.lines },
      l('商品列表', 'Goods', '出库商品，至少一行', 'The goods going out, at least one line'),
    ),
    splintList: list(
      record(
        pick(
          'gNum',
          'entGoodsNo',
          'entGoodsName',
          'splintNo',
          'splintWeight',
          'splintLong',
          'splintWide',
          'splintHight',
          'lotNo',
        ),
        [],
        l('托盘', 'Pallet', '一个托盘（规范未标注必填项）', 'One pallet (the spec marks no field required)'),
      ),
      { max: listMax.lines },
      l(
        '托盘列表',
        'Pallets',
        '出库托盘明细（字段名按规范为 splintList）',
        'The pallets going out (the list is named splintList, as in the spec)',
      ),
    ),
    vehicleList,
    containerList,
    attachmentList,
  },
  required: [
    'entOrderNo',
    'commitTime',
    'warehouseId',
    'warehouseName',
    'outputType',
    'declareQty',
    'grossWeight',
    'orderCreateTime',
    'goodsList',
  ],
});
