import type {
  AirCargoEventDocument,
  ExpressTraceDocument,
  OceanContainerEventDocument,
  TerminalEventDocument,
} from '../../documents/types.generated.ts';

/**
 * One valid report per tracking feed, continuing the documents' story (documents/examples.ts):
 * the cosmetics arrive at Shekou on COSCO ARIES 032E under bill COSU6287451230, samples fly in
 * from Tokyo on China Southern, and a consumer's parcel leaves the Qianhai bonded warehouse
 * with SF Express for Shanghai.
 */
const expressTrace: ExpressTraceDocument = {
  shipperCode: 'SF',
  logisticCode: 'SF1425367689012',
  orderCode: 'QHYP-SO-C-20240312-0087',
  state: '2',
  stateEx: '202',
  location: '上海市',
  traces: [
    {
      acceptTime: '2024-03-12 18:20:41',
      acceptStation: '顺丰速运 已收取快件（深圳前海保税区营业点）',
      location: '深圳市',
      action: '1',
    },
    {
      acceptTime: '2024-03-12 23:05:10',
      acceptStation: '快件到达【深圳华南陆运枢纽】',
      location: '深圳市',
      action: '204',
    },
    {
      acceptTime: '2024-03-13 21:47:02',
      acceptStation: '快件到达【上海浦东集散中心】',
      location: '上海市',
      action: '201',
    },
    {
      acceptTime: '2024-03-14 08:12:55',
      acceptStation: '快件交给王师傅，正在派送途中（联系电话：13816542210）',
      location: '上海市',
      action: '202',
    },
  ],
  coordinates: [
    { latAndLng: '22.5245,113.8942', location: '深圳市' },
    { latAndLng: '31.2213,121.5447', location: '上海市' },
  ],
  routeMapUrl: 'https://track.qhyp.example.com/route/SF1425367689012',
  deliveryManTel: '13816542210',
  senderCityLatAndLng: '22.5431,114.0579',
  receiverPhoneTail: '5678',
  reportedAt: '2024-03-14 08:15:00',
};

const airCargoEvent: AirCargoEventDocument = {
  businessNumber: '78412345675',
  origin: 'China Southern Cargo',
  status: 'PROCESS',
  carrier: { carrierName: '中国南方航空', carrierCode: 'CZ' },
  shipmentEquipments: [{ cargo: { pieces: 3, weight: 48.5, volume: 0.32 } }],
  shipmentLocations: [
    { locationCategory: 'PRE', location: { locationCode: 'NRT', locationName: 'Tokyo Narita' } },
    { locationCategory: 'PDE', location: { locationCode: 'SZX', locationName: '深圳宝安' } },
  ],
  shipmentEvents: [{ eventCode: 'BKD', eventTime: '2024-03-02T10:00:00+09:00' }],
  equipmentEvents: [
    {
      eventCode: 'RCS',
      eventTime: '2024-03-03T15:30:00+09:00',
      pieces: 3,
      weight: 48.5,
      location: { locationCode: 'NRT', locationName: 'Tokyo Narita' },
    },
  ],
  transportEvents: [
    {
      eventCode: 'DEP',
      eventTime: '2024-03-04T09:40:00+09:00',
      flight: { flightNo: 'CZ3086', departureAirport: 'NRT', arrivalAirport: 'SZX' },
      location: { locationCode: 'NRT', locationName: 'Tokyo Narita' },
    },
  ],
};

const oceanContainerEvent: OceanContainerEventDocument = {
  billNo: 'COSU6287451230',
  carrierCode: 'COSU',
  portCode: 'CNSHK',
  isExport: 'I',
  source: '1',
  statusCategory: 'PROCESS',
  carrier: { nameCn: '中远海运集运', nameEn: 'COSCO SHIPPING Lines', scac: 'COSU', code: 'COSCO' },
  receipt: { name: 'TOKYO', code: 'JPTYO', portTimeZone: '+09:00', atd: '2024-03-01 18:00:00' },
  delivery: { name: 'SHEKOU', code: 'CNSHK', portTimeZone: '+08:00', eta: '2024-03-05 06:00:00' },
  firstVessel: { vslName: 'COSCO ARIES', voy: '032E' },
  routes: [
    {
      route: 1,
      polCode: 'JPTYO',
      polName: 'TOKYO',
      podCode: 'CNSHK',
      podName: 'SHEKOU',
      transportMode: 'VESSEL',
      modeDetails: {
        vessel: 'COSCO ARIES',
        voyage: '032E',
        atd: '2024-03-01 18:00:00',
        eta: '2024-03-05 06:00:00',
      },
    },
  ],
  containers: [{ containerNo: 'CSNU6184570', type: 'HC', size: '40', sealNo: 'COS4471920' }],
  events: [
    {
      containerNo: 'CSNU6184570',
      eventCode: 'LOBD',
      eventTime: '2024-03-01 15:20:00',
      isEsti: 'N',
      eventPlace: 'TOKYO',
      portCode: 'JPTYO',
      vslName: 'COSCO ARIES',
      voy: '032E',
      descriptionCn: '装船',
      descriptionEn: 'Loaded on board',
    },
    {
      containerNo: 'CSNU6184570',
      eventCode: 'DSCH',
      eventTime: '2024-03-05 09:00:00',
      isEsti: 'Y',
      eventPlace: 'SHEKOU',
      portCode: 'CNSHK',
      vslName: 'COSCO ARIES',
      voy: '032E',
      descriptionCn: '卸船',
      descriptionEn: 'Discharged',
    },
  ],
  vessel: { imo: '9783526', mmsi: '477266900', flagName: 'Hong Kong', shipOwner: 'COSCO SHIPPING' },
};

const terminalEvent: TerminalEventDocument = {
  businessNumber: 'COSU6287451230',
  portCode: 'CNSHK',
  ieid: 'I',
  tradeType: 'FOREIGN',
  status: 'PROCESS',
  shipmentDocuments: [
    {
      documentCode: 'COSU6287451230',
      documentType: 'BL',
      billNumber: 'COSU6287451230',
      packages: 860,
      grossWeight: 11820,
    },
  ],
  shipmentEquipments: [{ equipment: { equipmentCode: 'CSNU6184570' }, equipmentIndicator: 'LADEN' }],
  transportEvents: [
    {
      eventClassifier: 'ACT',
      transportEventCategory: 'ARRI',
      eventTime: '2024-03-05 06:40:00',
      transportCall: {
        transportCategory: 'VESSEL',
        voyage: '032E',
        vessel: { vesselName: 'COSCO ARIES', mmsi: '477266900' },
        facilityName: '蛇口集装箱码头',
        facilityCode: 'SCT',
        location: { locationName: 'SHEKOU', locationCode: 'CNSHK', portTimeZone: '+08:00' },
      },
    },
  ],
  equipmentEvents: [
    {
      eventClassifier: 'ACT',
      equipmentEventCategory: 'DISC',
      equipmentIndicator: 'LADEN',
      equipment: { equipmentCode: 'CSNU6184570' },
      eventTime: '2024-03-05 10:15:00',
    },
  ],
  shipmentLocations: [
    { locationCategory: 'POL', location: { locationCode: 'JPTYO', locationName: 'TOKYO' } },
    { locationCategory: 'POD', location: { locationCode: 'CNSHK', locationName: 'SHEKOU' } },
  ],
};

export const trackingExamples = { expressTrace, airCargoEvent, oceanContainerEvent, terminalEvent } as const;
