import { listMax, ownerCodeBeyondSpec, pick } from './fields.ts';
import { documentSchema, type JsonSchema, labels as l, list, record } from './json-schema.ts';

/** Customs check note (spec §3.5). */
export const checkSchema: JsonSchema = documentSchema({
  words: l(
    '核注清单',
    'Customs check note',
    '海关核注清单（保税货物进出核注）',
    'The customs check note of bonded goods moving in or out',
  ),
  properties: {
    customerCode: ownerCodeBeyondSpec,
    ...pick(
      'entOrderNo',
      'declareCode',
      'entryExitCode',
      'transportMode',
      'superviseType',
      'checkNo',
      'bondInvtType',
      'ieFlag',
      'dclcusFlag',
      'orderCreateTime',
      'releaseTime',
      'mtpckEndprdMarkcd',
    ),
    orderList: list(
      record(
        pick('ecomOrder', 'entryNo'),
        [],
        l(
          '关联订单',
          'Linked order',
          '一个关联的电商订单及报关单',
          'One linked e-commerce order and its customs entry',
        ),
      ),
      { max: listMax.lines },
      l('订单列表', 'Orders', '核注清单关联的订单', 'The orders the check note covers'),
    ),
    goodsList: list(
      record(
        {},
        [],
        l(
          '清单商品',
          'Check note goods line',
          '规范未给出商品行字段名；按原样保存',
          'The spec does not name the fields of a goods line; kept as submitted',
        ),
      ),
      { max: listMax.lines },
      l(
        '商品列表',
        'Goods',
        '核注清单商品（字段规范未给出）',
        'The goods of the check note (fields not shown in the spec)',
      ),
    ),
  },
  required: [
    'entOrderNo',
    'declareCode',
    'entryExitCode',
    'transportMode',
    'superviseType',
    'checkNo',
    'bondInvtType',
    'ieFlag',
    'dclcusFlag',
    'orderCreateTime',
    'releaseTime',
    'mtpckEndprdMarkcd',
  ],
});
