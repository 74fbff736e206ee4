import { inputType, listMax } from './fields.ts';
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

/** Inbound (spec §3.3): goods entering a bonded warehouse. */
export const inboundSchema: JsonSchema = documentSchema({
  words: l(
    '入库单',
    'Inbound',
    `货物进入保税仓库。${zoneHeaderGaps.cn}`,
    `Goods entering a bonded warehouse. ${zoneHeaderGaps.en}`,
  ),
  properties: {
    ...zoneHeaderFields,
    inputType,
    goodsList: list(
      record(
        zoneGoodsFields,
        zoneGoodsRequired,
        l('入库商品', 'Inbound goods line', '一行入库商品', 'One line of goods coming in'),
      ),
      { min: 1, max: listMax.lines },
      l('商品列表', 'Goods', '入库商品，至少一行', 'The goods coming in, at least one line'),
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
    'inputType',
    'declareQty',
    'grossWeight',
    'orderCreateTime',
    'goodsList',
  ],
});
