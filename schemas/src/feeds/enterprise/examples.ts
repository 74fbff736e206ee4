import type { DocumentsByType } from '../../documents/types.generated.ts';
import type { EnterpriseFeedTypeId } from './catalogue.ts';

/**
 * One valid feed document per enterprise feed, about the enterprise of the document examples
 * (深圳前海优品供应链, 91440300MA5G2K7L3X, warehouse QHBW0001 at Qianhai), whose goods — SK-II
 * essence and a2 infant formula — it sells on Tmall and to JD.
 */
const enterpriseId = '91440300MA5G2K7L3X';
const enterpriseName = '深圳前海优品供应链有限公司';
const warehouseId = 'QHBW0001';

// The tax lists' items are open (their fields are "not shown" in the spec): a few of the fields
// a tax data service typically sends, bound to variables so that the typed lists accept them.
const payer = {
  nsrsbh: enterpriseId,
  nsrmc: enterpriseName,
  nsrzt: '正常',
  djrq: '2018-06-12',
  hymc: '供应链管理服务',
  zcdz: '深圳市前海深港合作区南山街道梦海大道5035号',
} as const;
const rating = { pjnd: '2023', pjjb: 'A', pjfs: 98 } as const;
const levy = {
  zsxmmc: '增值税',
  skssqq: '2024-01-01',
  skssqz: '2024-01-31',
  sjje: 182_340.55,
  zszt: '已入库',
} as const;
const balanceSheet = { version: '1', bbrq: '2023-12-31', zczj: 86_420_000, fzhj: 51_200_000 } as const;
const declaration = { sbrq: '2024-02-15', zsxmmc: '增值税', ybtse: 182_340.55 } as const;

export const enterpriseFeedExamples: { readonly [Id in EnterpriseFeedTypeId]: DocumentsByType[Id] } = {
  taxInformation: {
    nsrsbh: enterpriseId,
    nsrsmc: enterpriseName,
    datatype: '01',
    reportTime: '2024-03-20 02:00:00',
    payerInfo: [payer],
    xypjList: [rating],
    levyList: [levy],
    declareList: [declaration],
    zcfzbList: [balanceSheet],
    vioList: [],
    yjsfList: [],
  },
  ecommerceSalesToB: {
    enterpriseId,
    enterpriseName,
    platform: 'JD',
    startDate: '2023-04-01',
    endDate: '2024-02-29',
    firstDate: '2023-04-18',
    purchaseCycle: '每月两次',
    settleCycle: '月结60天',
    saleList: [
      {
        period: '2024-01',
        currency: 'CNY',
        amount: 1_286_400,
        billNum: 2,
        poList: [
          {
            poOrderNo: 'JDPO2401080012',
            orderCurrency: 'CNY',
            orderAmount: 643_200,
            orderTime: '2024-01-08 10:20:00',
            orderStatus: 'RECEIVED',
            settleAmount: 643_200,
          },
          {
            poOrderNo: 'JDPO2401220031',
            orderCurrency: 'CNY',
            orderAmount: 643_200,
            orderTime: '2024-01-22 09:05:00',
            orderStatus: 'RECEIVED',
            settleAmount: 0,
          },
        ],
      },
      { period: '2024-02', currency: 'CNY', amount: 0, billNum: 0, poList: [] },
    ],
    settleList: [{ period: '2024-01', currency: 'CNY', amount: 643_200 }],
  },
  ecommerceSalesToC: {
    enterpriseId,
    enterpriseName,
    platform: 'TMALL',
    shopCode: 'TM-QHYP-001',
    shopName: '优品海外旗舰店',
    startDate: '2023-01-01',
    endDate: '2024-02-29',
    firstDate: '2022-11-11',
    monthDataList: [
      { period: '2024-01', currency: 'CNY', amount: 2_318_760.5, billNum: 6_842, GMVAmount: 2_496_330 },
      { period: '2024-02', currency: 'CNY', amount: 1_904_215, billNum: 5_317, GMVAmount: 2_077_480.4 },
    ],
  },
  paymentAccountChange: {
    enterpriseId,
    platform: 'TMALL',
    accountName: enterpriseName,
    bankName: '招商银行深圳前海分行',
    bankAccount: '755912345610802',
    changeTime: '2024-03-01 16:42:10',
    changeInfo: '回款账户由 755912345610201 变更为 755912345610802',
  },
  brandRanking: {
    rankingType: '0',
    dataMonth: '2024-02',
    rankingList: [
      { brand: 'SK-II', category: '精华', ranking: 3 },
      { brand: 'a2', category: '婴幼儿配方奶粉', ranking: 5 },
    ],
  },
  inWarehouseData: {
    enterpriseId,
    warehouseId,
    countDate: '2024-02-29',
    cooperationTime: '2022-09-01',
    valueOfTotal: 8_624_500,
    inventoryOfSix: 7_918_000,
    deliveryOfSix: 15_720_300,
    turnoverRate: 1.98,
    mainBrand: 'SK-II',
    categoryL1: '美妆个护',
    categoryL2: '护肤',
    categoryL3: '精华',
    brandValueRate: 0.62,
    deliveryOfThree: 7_402_100,
    deliveryOfPast: 12_210_000,
    deliveryYoY: 0.287,
    categoryValueList: [
      { categoryName: '精华', categoryValue: 5_347_190 },
      { categoryName: '婴幼儿配方奶粉', categoryValue: 3_277_310 },
    ],
  },
  warehouseIndicators: {
    enterpriseCode: enterpriseId,
    enterpriseName,
    warehouseId,
    snapshotTime: '2024-02-29 23:59:59',
    inventoryQty: 12_480,
    inventoryAmount: 8_624_500,
    inputNum: 1,
    inputQty: 1_200,
    inputAmount: 684_000,
    outputNum: 3,
    outputQty: 860,
    outputAmount: 512_300,
  },
  warehouseStock: {
    customerCode: enterpriseId,
    customerName: enterpriseName,
    warehouseId,
    snapshotTime: '2024-03-31 23:59:59',
    stockList: [
      {
        goodsId: 'SKII-FTE-230',
        goodsName: '护肤精华露',
        barCode: '4979006070262',
        batchCode: 'L2402A1',
        stockType: '0',
        realStockNum: 960,
        realFrozenStockNum: 300,
        lockStockNum: 120,
        warehouseTime: '2024-03-05 18:20:00',
        productionTime: '2024-01-12',
        expireTime: '2027-01-11',
        capital: '招商银行深圳分行',
      },
      {
        goodsId: 'MJ-A2-900',
        goodsName: 'a2 至初婴儿配方奶粉 1段 900g',
        barCode: '9421902960017',
        batchCode: 'NZ2401B7',
        stockType: '1',
        realStockNum: 6,
        realFrozenStockNum: 0,
        lockStockNum: 0,
        warehouseTime: '2024-03-05 18:20:00',
        productionTime: '2023-12-20',
        expireTime: '2025-06-19',
      },
    ],
  },
};
