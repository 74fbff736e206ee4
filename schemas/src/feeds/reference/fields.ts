import {
  amount,
  code,
  dateTime,
  formatted,
  type JsonSchema,
  type Labels,
  labels as l,
  namesEnterprise,
  patterned,
  text,
  whole,
} from '../../documents/json-schema.ts';

/**
 * The field vocabulary of the logistics reference feeds and their look-ups (query spec §3
 * "Vessel archive and AIS", "International transport bill", "Route schedule", "Terminal vessel
 * plan", "Flight schedule", "Truck"). One definition per field, shared by the feed a provider
 * submits and the request a caller sends, so `mmsi` means and measures the same in both.
 *
 * Units: where the spec gives them (AIS) they are the spec's, exactly: decimetres, millimetres,
 * mm/s, 1/100 degree, 1/1,000,000 degree, as integers. Where it does not (archive sizes,
 * truck positions) they are ours and written in each field's description and in
 * schemas/README.md "Reference feeds".
 */

/** A signed whole number within bounds (coordinates in 1/1,000,000 degree …). */
export const signedWhole = (min: number, max: number, words: Labels): JsonSchema =>
  whole({ min, max }, words);

/** An instant as RFC 3339 / ISO 8601 with an offset (flight times: "ISO UTC", §3). */
export const isoInstant = (words: Labels): JsonSchema => formatted(40, 'date-time', words);

// --- vessels ---------------------------------------------------------------------------------

export const mmsi = patterned(
  9,
  '^[0-9]{9}$',
  l(
    '海上移动业务识别码',
    'MMSI',
    'MMSI，9 位数字（AIS 发射机的识别码）',
    'Maritime Mobile Service Identity: 9 digits (the AIS transmitter’s id)',
  ),
);

export const imo = patterned(
  7,
  '^[0-9]{7}$',
  l('IMO 编号', 'IMO number', 'IMO 船舶编号，7 位数字', 'The IMO ship number: 7 digits'),
);

export const vesselNameEn = text(
  100,
  l(
    '船舶英文名',
    'Vessel name (English)',
    '船舶英文名称，查询时不区分大小写',
    'The vessel’s English name; looked up case-insensitively',
  ),
);

export const vesselNameCn = text(
  100,
  l('船舶中文名', 'Vessel name (Chinese)', '船舶中文名称', 'The vessel’s Chinese name'),
);

export const callsign = text(
  20,
  l(
    '呼号',
    'Call sign',
    '船舶无线电呼号，查询时不区分大小写',
    'The vessel’s radio call sign; looked up case-insensitively',
  ),
);

export const flagName = text(60, l('船旗国', 'Flag', '船旗国名称', 'The flag state’s name'));

export const shipType = text(
  60,
  l(
    '船舶类型',
    'Ship type',
    '船舶类型（船级社或数据源的分类）',
    'The ship type (the registry’s or source’s classification)',
  ),
);

export const shipContainerNum = whole(
  { min: 0 },
  l('集装箱箱位', 'Container capacity', '可载集装箱数，单位 TEU', 'Container capacity in TEU'),
);

export const grossTonnage = amount(l('总吨', 'Gross tonnage', '总吨位', 'Gross tonnage'));
export const netTonnage = amount(l('净吨', 'Net tonnage', '净吨位', 'Net tonnage'));
export const deadweight = amount(l('载重吨', 'Deadweight', '载重吨，单位吨', 'Deadweight in tonnes'));

// --- ports and terminals ----------------------------------------------------------------------

/** A UN/LOCODE: two letters of the country and three of the place. */
export const unLocode = (words: Labels): JsonSchema => patterned(5, '^[A-Z]{2}[A-Z2-9]{3}$', words);

/**
 * The nine ports of the terminal vessel plans (§9: Shanghai, Ningbo, Yantian, Shekou, Nansha,
 * Qingdao, Tianjin, Xiamen, Dalian). The spec names them without codes; we use their
 * UN/LOCODEs (schemas/README.md "Reference feeds").
 */
export const vesselPlanPorts = {
  CNSHA: ['上海', 'Shanghai'],
  CNNGB: ['宁波', 'Ningbo'],
  CNYTN: ['盐田', 'Yantian'],
  CNSHK: ['蛇口', 'Shekou'],
  CNNSA: ['南沙', 'Nansha'],
  CNTAO: ['青岛', 'Qingdao'],
  CNTXG: ['天津', 'Tianjin'],
  CNXMN: ['厦门', 'Xiamen'],
  CNDLC: ['大连', 'Dalian'],
} as const satisfies Record<string, readonly [string, string]>;

/** The port whose plans need a voyage (§5). */
export const ningbo = 'CNNGB';

export const vesselPlanPort = code(
  vesselPlanPorts,
  l(
    '港口代码',
    'Port code',
    '船舶计划覆盖的九个港口之一（UN/LOCODE）',
    'One of the nine ports with vessel plans (UN/LOCODE)',
  ),
);

export const isExport = code(
  { E: ['出口', 'export'], I: ['进口', 'import'] },
  l('进出口', 'Export or import', '出口（E）或进口（I）航次', 'The export (E) or import (I) voyage'),
);

export const weekday = (words: Labels): JsonSchema =>
  code(
    {
      MON: ['星期一', 'Monday'],
      TUE: ['星期二', 'Tuesday'],
      WED: ['星期三', 'Wednesday'],
      THU: ['星期四', 'Thursday'],
      FRI: ['星期五', 'Friday'],
      SAT: ['星期六', 'Saturday'],
      SUN: ['星期日', 'Sunday'],
    },
    words,
  );

// --- route schedules -------------------------------------------------------------------------

export const carriercd = text(20, l('承运人代码', 'Carrier code', '承运人代码', 'The carrier’s code'));

export const carrierService = text(
  50,
  l('航线代码', 'Service', '承运人的航线（服务）代码', 'The carrier’s service code'),
);

// --- bills -------------------------------------------------------------------------------------

export const billCustomerCode = namesEnterprise(
  'owner',
  text(
    20,
    l(
      '客户编码',
      'Customer code',
      '货主企业的统一社会信用代码',
      'The cargo owner’s unified social credit code',
    ),
  ),
);
export const billCustomerName = text(
  255,
  l('客户名称', 'Customer name', '货主企业名称', 'The cargo owner’s name'),
);
export const billNo = text(
  64,
  l('提单号', 'Bill number', '提单号（分提单或主提单）', 'The bill of lading number (house or master)'),
);
export const bookingNo = text(
  64,
  l('订舱号', 'Booking number', '订舱号（SO 号）', 'The booking (shipping order) number'),
);

// --- flights -----------------------------------------------------------------------------------

export const icaoAirport = (words: Labels): JsonSchema => patterned(4, '^[A-Z]{4}$', words);

export const flightStatus = code(
  {
    SCHEDULED: ['计划', 'scheduled'],
    ON_GROUND: ['地面', 'on the ground'],
    IN_FLIGHT: ['飞行中', 'in flight'],
    LANDED: ['已落地', 'landed'],
    CANCELLED: ['已取消', 'cancelled'],
    UNKNOWN: ['未知', 'unknown'],
  },
  l('航班状态', 'Flight status', '航班状态（§4）', 'The flight’s status (§4)'),
);

export const modeSHexCode = patterned(
  6,
  '^[0-9A-F]{6}$',
  l(
    'S 模式代码',
    'Mode-S code',
    '飞机的 24 位 S 模式地址，6 位十六进制大写',
    'The aircraft’s 24-bit Mode-S address: 6 upper-case hex digits',
  ),
);

// --- trucks ------------------------------------------------------------------------------------

export const plateNumber = text(
  20,
  l('车牌号', 'Plate number', '货车车牌号，如 苏E12345', 'The truck’s plate number, e.g. 苏E12345'),
);

export const eventTime = (words: Labels): JsonSchema => dateTime(words);
