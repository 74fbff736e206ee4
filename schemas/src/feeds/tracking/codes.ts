/**
 * The enumerations of query spec §4 that tracking feeds carry, each code with its meaning in
 * Chinese and English. Where the spec lists codes without meanings (container node codes, the
 * 401–423 problem reasons' exact mapping) the meaning says so.
 */
type Codes = Readonly<Record<string, readonly [string, string]>>;

/** Express state (§4). */
export const expressStates: Codes = {
  '0': ['暂无轨迹', 'no trace'],
  '1': ['已揽收', 'collected'],
  '2': ['在途中', 'in transit'],
  '3': ['已签收', 'signed'],
  '4': ['问题件', 'problem item'],
  '5': ['转寄', 'forwarded'],
  '6': ['清关', 'customs clearance'],
  '10': ['待揽件', 'awaiting pickup'],
};

/**
 * The problem reasons §4 lists for the codes 401 to 423, in its order. The spec does not say
 * which code carries which reason ("exact code-to-reason mapping not shown"), so no code is
 * labelled with one: each of 401–423 reads "problem item", and the documentation lists these
 * reasons as the ones the codes stand for. What happened in words is the trace's acceptStation.
 */
export const problemReasonsListed: readonly (readonly [string, string])[] = [
  ['无轨迹信息', 'no shipment info'],
  ['签收超时', 'unsigned timeout'],
  ['更新超时', 'not updated timeout'],
  ['拒收（退件）', 'refused or returned'],
  ['派件异常', 'delivery exception'],
  ['退货签收', 'return signed'],
  ['退货未签收', 'return not signed'],
  ['快递柜或驿站超时未取', 'locker pickup timeout'],
  ['单号已拦截', 'number intercepted'],
  ['破损', 'damaged'],
  ['客户取消发货', 'customer cancelled'],
  ['无法联系', 'unreachable'],
  ['配送延迟', 'delivery delayed'],
  ['快件取出', 'parcel taken out'],
  ['重新派送', 'redelivery'],
  ['收件地址不详细', 'address unclear'],
  ['收件人电话错误', 'recipient phone wrong'],
  ['错分件', 'mis-sorted'],
  ['超区件', 'out of area'],
];

/** The sentence the documentation gives about 401–423, in both languages. */
export const problemCodesNote = {
  cn: `401–423 为问题件；规范列出的原因（${problemReasonsListed.map(([cn]) => cn).join('、')}）与代码的对照未给出，本平台不作对照`,
  en: `401–423 are problem items; the spec lists the reasons (${problemReasonsListed.map(([, en]) => en).join(', ')}) but not which code is which, and Tradelog maps none`,
};

const problemCodes: Codes = Object.fromEntries(
  Array.from({ length: 23 }, (_, index) => [
    String(401 + index),
    [
      '问题件（具体原因与代码的对照规范未给出）',
      'problem item (which reason a code stands for is not shown in the spec)',
    ],
  ]),
);

/** Express extended state (§4 stateEx). */
export const expressStateExes: Codes = {
  '201': ['到达派件城市', 'arrived at delivery city'],
  '202': ['派件中', 'out for delivery'],
  '204': ['到达转运中心', 'at transfer centre'],
  '205': ['到达派件网点', 'at delivery outlet'],
  '206': ['寄件网点发件', 'dispatched from sending outlet'],
  '211': ['已放入快递柜或驿站', 'placed in locker or station'],
  '301': ['正常签收', 'normal sign'],
  '302': ['派件异常后签收', 'signed after exception'],
  '304': ['代收签收', 'signed by proxy'],
  '311': ['快递柜或驿站签收', 'signed at locker or station'],
  ...problemCodes,
  '601': ['待清关', 'awaiting clearance'],
  '602': ['清关中', 'clearing'],
  '603': ['已清关', 'cleared'],
  '604': ['清关异常', 'clearance exception'],
};

/** A trace's action: a state or an extended state (the express platform writes either). */
export const expressActions: Codes = { ...expressStates, ...expressStateExes };

/** Air business status, terminal business status (§4). */
export const processComplete: Codes = {
  PROCESS: ['进行中', 'in progress'],
  COMPLETE: ['已完结', 'complete'],
};

export const airEquipmentEvents: Codes = {
  RCS: ['已收货', 'received from shipper'],
  MAN: ['已配载', 'manifested'],
  RCF: ['已到达卸货', 'received from flight'],
  DLV: ['已交付', 'delivered'],
  UNKOWN: ['未知（规范原文拼写）', 'unknown (spelt so in the spec)'],
};
export const airTransportEvents: Codes = { DEP: ['航班起飞', 'departed'], ARR: ['航班到达', 'arrived'] };
export const airShipmentEvents: Codes = {
  BKD: ['已订舱', 'booked'],
  CUS: ['海关放行', 'customs'],
  NFD: ['到货通知', 'notified for delivery'],
  RWB: ['运单已接收', 'waybill received'],
};
export const airLocationCategories: Codes = {
  PRE: ['始发地', 'place of receipt (origin)'],
  PDE: ['目的地', 'place of delivery (destination)'],
};

/** Ocean statusCategory (§4). START is Tradelog's own answer while nothing is known; feeds state the others. */
export const oceanStatusCategories: Codes = {
  START: ['获取中', 'fetching'],
  PROCESS: ['跟踪中', 'in progress'],
  COMPLETE: ['已完结', 'ended'],
  NODATA: ['无数据', 'no data'],
  ABNORMAL: ['异常', 'abnormal'],
};
export const oceanFeedStatusCategories: Codes = Object.fromEntries(
  Object.entries(oceanStatusCategories).filter(([code]) => code !== 'START'),
);

/** Container node codes (§4; meanings not shown in the spec). */
export const containerNodeCodes: readonly string[] = [
  'STSP',
  'FCGI',
  'CYTC',
  'GITM',
  'PASS',
  'TMPS',
  'LOBD',
  'DLPT',
  'TSGT',
  'TSDP',
  'TSLB',
  'TSBA',
  'TSCA',
  'TSDC',
  'BDAR',
  'POCA',
  'DSCH',
  'PCAB',
  'STCS',
  'RCVE',
  'IRLB',
  'IRDP',
  'IRAR',
  'IRDS',
  'FDLB',
  'FDDP',
  'FDBA',
  'FDDC',
];

export const estimated: Codes = { N: ['实际', 'actual'], Y: ['预计', 'estimated'] };
export const statusSources: Codes = { '1': ['船公司', 'carrier'], '0': ['港区', 'port area'] };
export const importExport: Codes = { E: ['出口', 'export'], I: ['进口', 'import'] };

/** Terminal (§4). */
export const eventClassifiers: Codes = { ACT: ['实际', 'actual'], EST: ['预计', 'estimated'] };
export const terminalEquipmentEvents: Codes = {
  GTIN: ['进闸', 'gate in'],
  LOAD: ['装船', 'loaded'],
  DISC: ['卸船', 'discharged'],
  GTOT: ['出闸', 'gate out'],
};
export const equipmentIndicators: Codes = { LADEN: ['重箱', 'laden'], EMPTY: ['空箱', 'empty'] };
export const terminalTransportEvents: Codes = {
  ARRI: ['抵港', 'arrived'],
  DEPA: ['离港', 'departed'],
  CYOP: ['开港', 'port open'],
  CYCL: ['截港', 'port cutoff'],
  SICT: ['截单', 'shipping instruction cutoff'],
  CUCT: ['截关', 'customs cutoff'],
};
export const terminalShipmentEvents: Codes = {
  HOLD: ['查验', 'inspection'],
  RELS: ['放行（海关或码头）', 'customs or terminal release'],
  REFS: ['海关不准放行', 'customs refusal'],
  RECE: ['运抵报告已发送', 'arrival report sent'],
};
/**
 * A terminal event's eventCategory (§3 lists the field, not its values): the list it is in, in
 * the words of the DCSA track-and-trace eventType the terminal answer follows.
 */
export const terminalEventCategories = {
  equipmentEvents: 'EQUIPMENT',
  transportEvents: 'TRANSPORT',
  shipmentEvents: 'SHIPMENT',
} as const;

export const polPod: Codes = { POL: ['装货港', 'port of loading'], POD: ['卸货港', 'port of discharge'] };
