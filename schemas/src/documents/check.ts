import { customsGoodsItem, listMax, ownerCodeBeyondSpec, pick } from './fields.ts';
import { documentSchema, type JsonSchema, labels as l, list, record } from './json-schema.ts';

/** The check note's fields the spec requires, declared once for `properties` and `required`. */
const requiredFields = [
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
] as const;

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
    ...pick(...requiredFields),
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
        customsGoodsItem,
        [],
        l(
          '清单商品',
          'Check note goods line',
          '提交规范未给出商品行字段名；报关单查询（数据来源 10）答复的商品字段按查询规范 §3 的名称与长度校验，其他字段按原样保存',
          "The submission spec does not name the fields of a goods line; the goods fields the customs query answers (data source 10) are checked by the query spec's names and bounds (§3), other fields are kept as submitted",
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
  required: requiredFields,
});
