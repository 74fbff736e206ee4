import { goodsPicUrl, listMax, pick } from './fields.ts';
import { documentSchema, type JsonSchema, labels as l, list, record } from './json-schema.ts';

/**
 * Goods sync (spec §3.14): one goods item of an enterprise. The spec requires goodsName only;
 * we require barCode too, because it identifies the goods and is the record key.
 */
export const synchronizeGoodsSchema: JsonSchema = documentSchema({
  words: l(
    '商品同步',
    'Goods sync',
    '同步企业的一个商品。规范只要求商品名称；本平台还要求条形码，它标识商品并作为记录键',
    'Synchronises one goods item of an enterprise. The spec requires goodsName only; Tradelog requires barCode as well, as it identifies the goods and is the record key',
  ),
  properties: {
    ...pick(
      'customerCode',
      'barCode',
      'goodsName',
      'brand',
      'brandEn',
      'parentBrand',
      'specification',
      'orgCountry',
    ),
    ...pick('produceCompany', 'firstLegalUnit', 'secondLegalUnit', 'grossWeight', 'netWeight', 'capital'),
    ...pick('contractsUnit', 'qtpUnit', 'goodsQualityDays'),
    picUrl: list(
      goodsPicUrl,
      { max: listMax.certificates },
      l('图片地址列表', 'Picture URLs', '商品图片地址', 'Where pictures of the goods can be downloaded'),
    ),
    recordInfo: record(
      pick('entGoodsNo', 'recordPrice'),
      [],
      l('备案信息', 'Customs filing', '商品的海关备案信息', 'How the goods are filed with customs'),
    ),
    goodsCateList: list(
      record(
        pick('gNum', 'certType', 'certUrl'),
        [],
        l('证书', 'Certificate', '一份商品证书', 'One certificate of the goods'),
      ),
      { max: listMax.certificates },
      l(
        '证书列表',
        'Certificates',
        '商品证书：原产地证、检测报告',
        'The certificates of the goods: origin certificates, test reports',
      ),
    ),
  },
  required: ['goodsName', 'barCode'],
});
