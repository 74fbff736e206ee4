import type { QueryTypeId } from './catalogue.ts';
import type { QueryRequestsByType } from './types.generated.ts';

/**
 * One valid request per query and subscription interface, about the same enterprise as the
 * document examples (深圳前海优品供应链). For tests and the portal's API reference.
 */
const enterpriseId = '91440300MA5G2K7L3X';

export const examples: { readonly [Id in QueryTypeId]: QueryRequestsByType[Id] } = {
  linkNode: { customerCode: enterpriseId, documentsType: '20', documentsNo: 'QHYP-IN-20240305-003' },
  collateralExposure: {
    customerCode: enterpriseId,
    documentsType: '10',
    documentsNo: 'FIN-QH-240220-008',
  },
  purchaseOrders: { enterpriseId, beginDate: '2024-02-01', endDate: '2024-03-31', page: 1, pageSize: 100 },
  // No orderNo: it matches an order number exactly, and §3 bounds it to 8 characters, which the
  // examples' order numbers exceed.
  salesToBusiness: { enterpriseId, beginDate: '2024-03-01', endDate: '2024-03-31' },
  salesToConsumer: {
    enterpriseId,
    beginDate: '2024-03-18',
    endDate: '2024-03-18',
    cbepcomName: '天猫国际',
    pageSize: 200,
  },
  customsDeclarations: {
    enterpriseId,
    enterpriseType: '10',
    dataSource: '10',
    starDate: '2024-03-01',
    endDate: '2024-03-31',
  },
  goods: { customerCode: enterpriseId, requestTime: '2024-03-01 00:00:00' },
  inventory: {
    customerCode: enterpriseId,
    customerName: '深圳前海优品供应链有限公司',
    warehouseId: 'QHBW0001',
    goodsId: 'SKII-FTE-230,MJ-A2-900',
    dataSource: '20',
    pageNo: 1,
    pageSize: 50,
  },
  warehouseSummary: { enterpriseId, period: '2024-03' },
  inboundDetails: { enterpriseId, period: '2024-03' },
  outboundDetails: { enterpriseId, period: '2024-03', page: 1, pageSize: 100 },
  enterpriseTrend: { enterpriseId, fromMonth: '2024-01', toMonth: '2024-12' },
  inWarehouseData: { enterpriseId },
  warehouseIndicators: {
    enterpriseCode: enterpriseId,
    enterpriseName: '深圳前海优品供应链有限公司',
    warehouseId: 'QHBW0001',
    queryTime: '2024-02-29',
  },
  paymentAccountMonitor: { enterpriseId, platform: 'TMALL' },
  brandRanking: {
    rankingType: '99',
    dataMonth: '2024-02',
    brandRankings: [
      { brand: 'SK-II', category: '精华' },
      { brand: 'a2', category: '婴幼儿配方奶粉' },
    ],
  },
  ecommerceSalesToB: {
    enterpriseId,
    enterpriseName: '深圳前海优品供应链有限公司',
    platform: 'JD',
    dataYear: '2024',
  },
  ecommerceSalesToC: { enterpriseId, platform: 'TMALL', dataYear: '2024-02', shopCode: 'TM-QHYP-001' },
  taxInformation: {
    nsrsbh: enterpriseId,
    nsrsmc: '深圳前海优品供应链有限公司',
    orderNum: 'QHYP-LOAN-2024-0318',
    sendtype: '01',
    datatype: '01',
  },
  expressSubscription: {
    shipperCode: 'ZTO',
    logisticCode: '78312456690123',
    sort: '0',
    orderCode: 'TM2024031812345678',
    callbackUrl: 'https://erp.qhyp.example.com/hooks/express?token=7f3c9a',
  },
  expressRouteMapSubscription: {
    shipperCode: 'SF',
    logisticCode: 'SF1402963851274',
    customerName: '5821',
    callbackUrl: 'https://erp.qhyp.example.com/hooks/express-map',
  },
  oceanTracking: {
    callbackUrl: 'https://erp.qhyp.example.com/hooks/ocean',
    // Carrier data: Shekou gives port data for exports only (§9), and this bill is an import there.
    params: { billNo: 'COSU6287451230', carrierCode: 'AUTO' },
  },
  // The import at Shekou the terminal feed example reports (feeds/tracking/examples.ts).
  terminalTracking: { params: { businessNumber: 'COSU6287451230', portCode: 'CNSHK', ieid: 'I' } },
  // The reference look-ups find what the reference feed examples state (feeds/reference/examples.ts).
  vesselArchive: { imo: '9783526' },
  vesselAis: { mmsi: '477266900' },
  transportBill: {
    billNo: 'COSU6287451230',
    customerCode: enterpriseId,
    customerName: '深圳前海优品供应链有限公司',
  },
  routeSchedule: { carriercd: 'COSCO', field_6: 'CHINA-JAPAN', pageNum: 1, pageSize: 100 },
  terminalVesselPlan: { portCode: 'CNSHK', vesselNameEn: 'COSCO ARIES', voyage: '033W', isExport: 'E' },
  flightSchedule: {
    fromAirports: ['ZSPD'],
    toAirports: ['ZGSZ'],
    departureFromDate: '2024-03-04T00:00:00Z',
    departureToDate: '2024-03-05T00:00:00Z',
    airlines: ['CSS'],
    includeFlightPaths: true,
    page: 1,
    pageSize: 10,
  },
  truckPosition: { vclN: '粤B6K2Q8' },
  truckTrack: { vclN: '粤B6K2Q8', qryBtm: '2024-03-05 00:00:00', qryEtm: '2024-03-05 23:59:59' },
  oceanCarriers: {},
  expressInstantQuery: {
    shipperCode: 'SF',
    logisticCode: 'SF1425367689012',
    customerName: '5678',
    sort: '1',
  },
  expressRouteMapInstantQuery: { shipperCode: 'SF', logisticCode: 'SF1425367689012', customerName: '5678' },
  airTracking: { businessNumber: '78412345675' },
};
