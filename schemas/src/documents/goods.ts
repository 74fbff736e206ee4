import { goodsPicUrl, listMax, ownerCodeBeyondSpec, pick } from './fields.ts';
import { documentSchema, identifier, type JsonSchema, labels as l, list, record } from './json-schema.ts';

/** Goods master data import (spec §3.8): a batch of 1 to 3 goods of one enterprise. */
export const goodsSchema: JsonSchema = documentSchema({
  words: l(
    '商品资料导入',
    'Goods master data import',
    '企业商品资料批量导入，每批 1 至 3 个商品（§5）',
    "A batch of an enterprise's goods master data, 1 to 3 goods per batch (§5)",
  ),
  properties: {
    customerCode: ownerCodeBeyondSpec,
    entInsideNo: identifier(
      32,
      l(
        '企业内部编号',
        'Enterprise batch number',
        '企业为本批导入分配的内部编号，作为记录键',
        'The number the enterprise gave this import batch; used as the record key',
      ),
    ),
    ...pick('enterpriseCode', 'enterpriseName', 'notes'),
    goodsList: list(
      record(
        {
          ...pick(
            'customerCode',
            'customerName',
            'goodsNo',
            'entGoodsNo',
            'entGoodsName',
            'goodsName',
            'goodsNameEn',
          ),
          ...pick('hsCode', 'price', 'brand', 'brandEn', 'firstCategory', 'secondCategory', 'orgCountry'),
          ...pick('specification', 'specDescription', 'declareUnit', 'storageUnit', 'declareVal'),
          ...pick(
            'firstLegalUnit',
            'secondLegalUnit',
            'produceCompany',
            'manufacturerAddr',
            'grossWeight',
            'netWeight',
          ),
          ...pick(
            'barCode',
            'composition',
            'cargoFunction',
            'cargoPurpose',
            'additiveFlag',
            'additiveBeyondScope',
          ),
          ...pick('transgenicFlag', 'packageType'),
          ...pick('contractsUnit', 'qtpUnit', 'goodsQualityDays'),
          picUrl: goodsPicUrl,
          goodsCateList: list(
            record(
              pick('gNum', 'certName', 'certUrl'),
              [],
              l('证书', 'Certificate', '一份商品证书', 'One certificate of the goods'),
            ),
            { max: listMax.certificates },
            l(
              '证书列表',
              'Certificates',
              '商品证书；规范未说明其层级，本平台放在商品行内',
              'The certificates of the goods; the spec does not say where the list sits, Tradelog puts it on the goods line',
            ),
          ),
        },
        ['entGoodsNo', 'entGoodsName'],
        l('商品', 'Goods item', '一个商品的资料', 'The master data of one goods item'),
      ),
      { min: 1, max: 3 },
      l('商品列表', 'Goods', '本批商品，1 至 3 个（§5）', 'The goods of this batch, 1 to 3 (§5)'),
    ),
  },
  required: ['entInsideNo', 'enterpriseCode', 'enterpriseName'],
});
