import {
  titledList as arr,
  dateTime,
  documentSchema,
  eitherOr,
  type JsonSchema,
  type Labels,
  labels as l,
  list,
  titled as s,
  text,
  whole,
} from '../documents/json-schema.ts';
import { billDetailProperties } from '../feeds/reference/bills.ts';
import { carrierFeedSchema } from '../feeds/reference/carriers.ts';
import {
  billCustomerCode,
  billCustomerName,
  billNo,
  bookingNo,
  callsign,
  carriercd,
  carrierService,
  icaoAirport,
  imo,
  isExport,
  isoInstant,
  mmsi,
  ningbo,
  plateNumber,
  vesselNameEn,
  vesselPlanPort,
  vesselPlanPorts,
} from '../feeds/reference/fields.ts';
import { vesselPlanFeedSchema } from '../feeds/reference/schedules.ts';
import { truckPositionFeedSchema } from '../feeds/reference/trucks.ts';
import { aisPositionFeedSchema, vesselArchiveFeedSchema } from '../feeds/reference/vessels.ts';

/**
 * Requests and answers of the logistics reference look-ups (query spec §3, §5, §7, §8, §9):
 * vessel archive, AIS position, international transport bill, route schedule, terminal vessel
 * plan, flight schedule, truck positioning and truck tracking. The spec's conditional rules
 * (voyage required for Ningbo; isExport required once a voyage is given) are JSON Schema
 * `if`/`then` with the condition said in `x-when`, so the refusal names the field and why.
 */

// --- requests ----------------------------------------------------------------------------------

export const vesselArchiveRequest: JsonSchema = documentSchema({
  words: l(
    '船舶档案查询',
    'Vessel archive',
    '按 mmsi、imo、英文船名或呼号之一查询船舶档案（§5：至少填一项；填多项时须全部匹配）',
    'Looks a vessel up by one of mmsi, imo, English name or call sign (§5: at least one; several must all match)',
  ),
  properties: { mmsi, imo, vesselNameEn, callsign },
  required: [],
  anyOf: eitherOr('mmsi', 'imo', 'vesselNameEn', 'callsign'),
});

export const vesselAisRequest: JsonSchema = documentSchema({
  words: l(
    '船舶 AIS 位置查询',
    'Vessel AIS position',
    '按 mmsi 查询船舶的最新 AIS 位置（§5：mmsi 必填）',
    'The vessel’s latest AIS position by mmsi (§5: mmsi required)',
  ),
  properties: { mmsi },
  required: ['mmsi'],
});

const transportBillBase = documentSchema({
  words: l(
    '国际运输单据查询',
    'International transport bill',
    '货主查询其国际运输单据；billNo、customerCode、customerName 必填，提单号与订舱号至少一项非空（§5）',
    'A cargo owner’s international transport bills; billNo, customerCode and customerName are required, and the bill or booking number must be non-empty (§5)',
  ),
  properties: {
    billNo,
    customerCode: billCustomerCode,
    customerName: billCustomerName,
    sybknoteno: bookingNo,
  },
  required: ['billNo', 'customerCode', 'customerName'],
  anyOf: eitherOr('billNo', 'sybknoteno'),
});
// billNo must be sent, but may be empty when the booking number is given (§5): no minLength.
const { minLength: _billNoMinLength, ...billNoMayBeEmpty } = transportBillBase.properties!.billNo!;
export const transportBillRequest: JsonSchema = {
  ...transportBillBase,
  properties: { ...transportBillBase.properties, billNo: billNoMayBeEmpty },
};

export const routeSchedulePageSizeMax = 1000;

export const routeScheduleRequest: JsonSchema = documentSchema({
  words: l(
    '航线船期查询',
    'Route schedule',
    '按承运人查询航线船期，可按主航线（field_6）与航线代码筛选；分页 pageNum、pageSize（最多 1000）',
    'A carrier’s sailing schedules, optionally by major route (field_6) and service; paged by pageNum and pageSize (at most 1000)',
  ),
  properties: {
    carriercd,
    field_6: text(
      100,
      l(
        '主航线',
        'Major route',
        '主航线英文名，不区分大小写',
        'The major route in English, case-insensitive',
      ),
    ),
    service: carrierService,
    pageNum: {
      ...whole({ min: 1 }, l('页码', 'Page number', '从 1 开始的页码，默认 1', 'The page from 1; default 1')),
      default: 1,
    },
    pageSize: {
      ...whole(
        { min: 1, max: routeSchedulePageSizeMax },
        l(
          '每页条数',
          'Page size',
          '每页条数，默认 100，最多 1000（§9）',
          'Rows per page; default 100, at most 1000 (§9)',
        ),
      ),
      default: 100,
    },
  },
  required: ['carriercd'],
});

/** "field is required when …": a JSON Schema `if`/`then` whose refusal names the field and the condition. */
function requiredWhen(
  condition: JsonSchema,
  field: string,
  fieldSchema: JsonSchema,
  when: { cn: string; en: string },
): JsonSchema {
  return {
    if: condition,
    // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable
    then: {
      required: [field],
      properties: { [field]: { title: fieldSchema.title, 'x-title-en': fieldSchema['x-title-en'] } },
      'x-when': when.cn,
      'x-when-en': when.en,
    },
  };
}

const voyage = text(20, l('航次', 'Voyage', '航次号；宁波港必填', 'The voyage; required for Ningbo'));

const vesselPlanBase = documentSchema({
  words: l(
    '码头船舶计划查询',
    'Terminal vessel plan',
    '查询船舶在九港之一的靠泊计划；portCode、vesselNameEn 必填，宁波港须填航次，填航次时须填 isExport（§5）',
    'A vessel’s berthing plan at one of the nine ports; portCode and vesselNameEn are required, Ningbo needs a voyage, and a voyage needs isExport (§5)',
  ),
  properties: { portCode: vesselPlanPort, vesselNameEn, voyage, isExport },
  required: ['portCode', 'vesselNameEn'],
});
export const terminalVesselPlanRequest: JsonSchema = {
  ...vesselPlanBase,
  allOf: [
    requiredWhen({ properties: { portCode: { const: ningbo } }, required: ['portCode'] }, 'voyage', voyage, {
      cn: `portCode 为 ${ningbo}（${vesselPlanPorts[ningbo][0]}）时`,
      en: `when portCode is ${ningbo} (${vesselPlanPorts[ningbo][1]})`,
    }),
    requiredWhen(
      { properties: { voyage: { type: 'string', minLength: 1 } }, required: ['voyage'] },
      'isExport',
      isExport,
      {
        cn: '填写 voyage（航次）时',
        en: 'when a voyage is given',
      },
    ),
  ],
};

export const flightListMax = 50;
const airports = (words: Labels) =>
  list(
    icaoAirport(
      l(
        '机场 ICAO 代码',
        'Airport ICAO code',
        '四字 ICAO 机场代码，如 ZSPD',
        'A four-letter ICAO airport code, e.g. ZSPD',
      ),
    ),
    { min: 1, max: flightListMax },
    words,
  );
const codes = (max: number, item: Labels, words: Labels) =>
  list(text(max, item), { max: flightListMax }, words);
const flag = (words: Labels): JsonSchema => ({
  title: words.title,
  description: words.description,
  'x-title-en': words.titleEn,
  'x-description-en': words.descriptionEn,
  type: 'boolean',
  default: false,
});

export const flightPageSizeMax = 100;

export const flightScheduleRequest: JsonSchema = documentSchema({
  words: l(
    '全球航班计划查询',
    'Global flight schedule',
    '按出发与到达机场（ICAO 列表，必填）查询航班，可按时间窗（ISO UTC）、航司、航班、注册号、S 模式代码、机型类别与来源筛选；每个调用方每 10 秒最多 60 次（§9）',
    'Flights between departure and arrival airports (ICAO lists, required), optionally by time windows (ISO UTC), airlines, flight ids, registrations, Mode-S codes, aircraft classes and sources; at most 60 calls per 10 s per caller (§9)',
  ),
  properties: {
    fromAirports: airports(
      l('出发机场', 'Departure airports', '出发机场的 ICAO 代码列表', 'ICAO codes of the departure airports'),
    ),
    toAirports: airports(
      l('到达机场', 'Arrival airports', '到达机场的 ICAO 代码列表', 'ICAO codes of the arrival airports'),
    ),
    departureFromDate: isoInstant(
      l(
        '计划出发起',
        'Departure from',
        '计划出发时间下限（ISO UTC）',
        'Earliest scheduled departure (ISO UTC)',
      ),
    ),
    departureToDate: isoInstant(
      l('计划出发止', 'Departure to', '计划出发时间上限（ISO UTC）', 'Latest scheduled departure (ISO UTC)'),
    ),
    arrivalFromDate: isoInstant(
      l('计划到达起', 'Arrival from', '计划到达时间下限（ISO UTC）', 'Earliest scheduled arrival (ISO UTC)'),
    ),
    arrivalToDate: isoInstant(
      l('计划到达止', 'Arrival to', '计划到达时间上限（ISO UTC）', 'Latest scheduled arrival (ISO UTC)'),
    ),
    fromDate: isoInstant(
      l(
        '时间窗起',
        'From',
        '航班（计划出发至计划到达）与时间窗有交集：窗口起点（ISO UTC）',
        'Flights overlapping the window (scheduled departure to arrival): its start (ISO UTC)',
      ),
    ),
    toDate: isoInstant(l('时间窗止', 'To', '时间窗终点（ISO UTC）', 'The window’s end (ISO UTC)')),
    airlines: codes(
      3,
      l('航司代码', 'Airline code', 'ICAO 或 IATA 航司代码', 'An ICAO or IATA airline code'),
      l('航司', 'Airlines', '航司代码列表', 'Airline codes'),
    ),
    flightIds: codes(
      64,
      l('航班标识', 'Flight id', '航班标识', 'A flight id'),
      l('航班标识', 'Flight ids', '航班标识列表', 'Flight ids'),
    ),
    registrations: codes(
      12,
      l('注册号', 'Registration', '飞机注册号', 'An aircraft registration'),
      l('注册号', 'Registrations', '飞机注册号列表', 'Aircraft registrations'),
    ),
    modeSHexCodes: codes(
      6,
      l('S 模式代码', 'Mode-S code', '6 位十六进制，不区分大小写', '6 hex digits, any case'),
      l('S 模式代码', 'Mode-S codes', 'S 模式代码列表', 'Mode-S codes'),
    ),
    aircraftClasses: codes(
      30,
      l('机型类别', 'Aircraft class', '如 PASSENGER、CARGO', 'e.g. PASSENGER, CARGO'),
      l('机型类别', 'Aircraft classes', '机型类别列表', 'Aircraft classes'),
    ),
    sources: codes(
      30,
      l('数据来源', 'Source', '如 ADS-B、SCHEDULE', 'e.g. ADS-B, SCHEDULE'),
      l('数据来源', 'Sources', '数据来源列表', 'Sources'),
    ),
    includeFlightPaths: flag(
      l(
        '返回航迹',
        'Include paths',
        '为 true 时返回 positions 航迹，默认 false',
        'When true the answer includes the positions (path); default false',
      ),
    ),
    // §8 lists 40010 "unsupported coordinate system" without the request field it judges; this
    // is ours: positions are answered in WGS84 as the feeds report them, and no other system is
    // converted to (so 40011 "coordinate conversion error" is never answered).
    coordinateSystem: text(
      10,
      l(
        '坐标系',
        'Coordinate system',
        '选填，仅支持 WGS84（航迹与位置按数据源的 WGS84 返回，不作转换）；其他坐标系答复 40010',
        'Optional; WGS84 only (positions are answered in WGS84 as reported, never converted); any other system answers 40010',
      ),
    ),
    includeFlightUrls: flag(
      l(
        '返回链接',
        'Include links',
        '为 true 时返回航班、KML、CSV、GeoJSON 链接，默认 false',
        'When true the answer includes the flight, KML, CSV and GeoJSON links; default false',
      ),
    ),
    page: {
      ...whole({ min: 1 }, l('页码', 'Page', '从 1 开始的页码，默认 1', 'The page from 1; default 1')),
      default: 1,
    },
    pageSize: {
      ...whole(
        { min: 1, max: flightPageSizeMax },
        l('每页条数', 'Page size', '每页条数，默认 10，最多 100', 'Rows per page; default 10, at most 100'),
      ),
      default: 10,
    },
  },
  required: ['fromAirports', 'toAirports'],
});

export const truckPositionRequest: JsonSchema = documentSchema({
  words: l(
    '货车定位',
    'Truck positioning',
    '按车牌号查询货车的最新位置（§5：vclN 必填）',
    'A truck’s latest position by plate (§5: vclN required)',
  ),
  properties: { vclN: plateNumber },
  required: ['vclN'],
});

export const truckTrackRequest: JsonSchema = {
  ...documentSchema({
    words: l(
      '货车综合轨迹',
      'Truck integrated tracking',
      '按车牌号查询货车的最新位置和 24 小时轨迹，可用 qryBtm、qryEtm 截取时段（§5：vclN 必填）',
      'A truck’s latest position and 24-hour track by plate, optionally cut to qryBtm–qryEtm (§5: vclN required)',
    ),
    properties: {
      vclN: plateNumber,
      qryBtm: dateTime(l('查询开始时间', 'From', '轨迹时段起点', 'The start of the track window')),
      qryEtm: dateTime(
        l(
          '查询结束时间',
          'To',
          '轨迹时段终点，不早于起点',
          'The end of the track window; not before the start',
        ),
      ),
    },
    required: ['vclN'],
  }),
  'x-date-range': ['qryBtm', 'qryEtm'],
};

// --- answers -----------------------------------------------------------------------------------

const obj = (cn: string, en: string, properties: Record<string, JsonSchema>, required: string[] = []) =>
  s(cn, en, { type: 'object', properties, ...(required.length ? { required } : {}) });
const int = (cn: string, en: string) => s(cn, en, { type: 'integer' });

const statusCodeEnvelope = {
  status: int('HTTP 状态（内部字段）', 'HTTP status (internal)'),
  statusCode: int(
    '业务状态码：20000 成功；失败为 HTTP 状态 × 100（40000 参数错误、40100 密钥无效、40300 无权限、50000 内部错误）',
    'Business code: 20000 success; on failure the HTTP status × 100 (40000 parameters, 40100 invalid key, 40300 permission, 50000 internal)',
  ),
  message: s('结果说明', 'Message'),
};
const flagEnvelope = {
  flag: s('success 成功，failure 失败', 'success or failure'),
  code: s('结果码', 'Result code'),
  message: s('结果说明', 'Message'),
};

const feedFields = (schema: JsonSchema): Record<string, JsonSchema> =>
  Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, field]) => [
      name,
      s(field.title ?? name, field['x-title-en'] ?? name, {
        type: field.type ?? 'string',
        ...(field.description
          ? { description: field.description, 'x-description-en': field['x-description-en'] }
          : {}),
      }),
    ]),
  );

export const vesselArchiveResponse = obj(
  '船舶档案应答',
  'Vessel archive answer',
  {
    ...statusCodeEnvelope,
    data: arr('船舶列表', 'Vessels', obj('船舶', 'Vessel', feedFields(vesselArchiveFeedSchema))),
  },
  ['statusCode', 'message', 'data'],
);

export const oceanCarriersRequest: JsonSchema = documentSchema({
  words: l(
    '海运船公司列表',
    'Ocean carriers',
    '海运跟踪支持的船公司：carrierCode、名称、数据刷新周期、是否支持按箱号查询（§5、§9）。无参数',
    'The carriers ocean tracking supports: carrierCode, names, refresh interval, container-number support (§5, §9). No parameters',
  ),
  properties: {},
  required: [],
});

export const oceanCarriersResponse = obj(
  '海运船公司应答',
  'Ocean carriers answer',
  {
    ...flagEnvelope,
    data: obj('船公司', 'Carriers', {
      declared: s(
        '规范声明支持的船公司数（§9：46；名单规范未给出）',
        'Carriers the spec says are supported (§9: 46; it names none)',
        { type: 'integer' },
      ),
      total: s('服务商已列出的船公司数', 'Carriers the providers have stated', { type: 'integer' }),
      carriers: arr(
        '船公司列表（按 carrierCode）',
        'Carriers (by carrierCode)',
        obj('船公司', 'Carrier', feedFields(carrierFeedSchema)),
      ),
    }),
  },
  ['flag', 'code', 'message', 'data'],
);

export const vesselAisResponse = obj(
  '船舶 AIS 应答',
  'Vessel AIS answer',
  {
    ...flagEnvelope,
    data: obj(
      '船舶位置（规范单位：长宽分米、吃水毫米、航速毫米/秒、角度 1/100 度、经纬度 1/1000000 度）',
      'Position (spec units: decimetres, millimetres, mm/s, 1/100 degree, 1/1,000,000 degree)',
      feedFields(aisPositionFeedSchema),
    ),
  },
  ['flag', 'code', 'message', 'data'],
);

export const transportBillResponse = obj(
  '国际运输单据应答',
  'Transport bill answer',
  {
    ...flagEnvelope,
    billDetails: arr(
      '单据列表',
      'Bills',
      obj('单据', 'Bill', {
        billNo: s('提单号', 'Bill number'),
        sybknoteno: s('订舱号', 'Booking number'),
        ...feedFields({ properties: billDetailProperties }),
      }),
    ),
  },
  ['flag', 'code', 'message', 'billDetails'],
);

export const routeScheduleResponse = obj(
  '航线船期应答',
  'Route schedule answer',
  {
    ...statusCodeEnvelope,
    pageNum: int('页码', 'Page number'),
    pageSize: int('每页条数', 'Page size'),
    size: int('本页条数', 'Rows on this page'),
    total: int('总条数', 'Total rows'),
    pages: int('总页数', 'Pages'),
    content: arr(
      '挂港列表',
      'Port calls',
      obj('挂港', 'Port call', {
        scac: s('SCAC 代码', 'SCAC'),
        carriercd: s('承运人代码', 'Carrier code'),
        service: s('航线代码', 'Service'),
        serviceCN: s('航线中文名', 'Service (Chinese)'),
        route: s('主航线', 'Major route'),
        routeCode: s('航线代码（承运人）', 'Route code'),
        standardRouteCode: s('标准航线代码', 'Standard route code'),
        portNumber: int('挂港顺序', 'Call order'),
        portCode: s('港口代码', 'Port code'),
        port: s('港口', 'Port'),
        terminal: s('码头', 'Terminal'),
        eta: s('到港星期', 'ETA weekday'),
        etd: s('离港星期', 'ETD weekday'),
        transitTime: int('航程天数', 'Transit days'),
      }),
    ),
  },
  ['statusCode', 'message', 'pageNum', 'pageSize', 'total', 'pages', 'content'],
);

const vesselPlanItemFields = [
  'status',
  'vesselNameEn',
  'vesselNameCn',
  'shipCode',
  'shipName',
  'agentCode',
  'agentName',
  'lineCode',
  'terminal',
  'portsEn',
  'portsCn',
  'eta',
  'ata',
  'etb',
  'atb',
  'etd',
  'atd',
  'cyOpen',
  'cyClosing',
  'portCloseDate',
  'customsCloseDate',
  'ivoyage',
  'evoyage',
] as const;

export { vesselPlanItemFields };

export const terminalVesselPlanResponse = obj(
  '码头船舶计划应答',
  'Vessel plan answer',
  {
    ...statusCodeEnvelope,
    data: arr(
      '挂靠计划',
      'Calls',
      obj('挂靠', 'Call', {
        portCode: s('港口代码', 'Port code'),
        // A call's times and codes are absent until the terminal reports them: null in the answer.
        ...Object.fromEntries(
          vesselPlanItemFields.map((name) => {
            const field = feedFields(vesselPlanFeedSchema)[name]!;
            return [name, typeof field.type === 'string' ? { ...field, type: [field.type, 'null'] } : field];
          }),
        ),
      }),
    ),
  },
  ['statusCode', 'message', 'data'],
);

const endpointAnswer = (cn: string, en: string) =>
  obj(cn, en, {
    airportIcao: s('机场 ICAO 代码', 'Airport ICAO code'),
    airportIata: s('机场 IATA 代码', 'Airport IATA code'),
    name: s('机场名称', 'Airport name'),
    city: s('城市', 'City'),
    state: s('州省', 'State'),
    country: s('国家', 'Country'),
    lat: s('纬度', 'Latitude', { type: 'number' }),
    lon: s('经度', 'Longitude', { type: 'number' }),
    timezone: s('时区', 'Time zone'),
    scheduledTime: s('计划时间', 'Scheduled'),
    actualTime: s('实际时间', 'Actual'),
    estimatedTime: s('预计时间', 'Estimated'),
    status: s('状态', 'Status'),
  });

export const flightScheduleResponse = obj(
  '全球航班应答',
  'Flight schedule answer',
  {
    code: int(
      '业务码：20000 有数据，20001 无数据，其余见失败应答',
      'Business code: 20000 data, 20001 none; the others as in the failure answer',
    ),
    message: s('结果说明', 'Message'),
    data: obj('数据', 'Data', {
      success: s('是否成功', 'Success', { type: 'boolean' }),
      comment: s('说明', 'Comment'),
      totaPages: int('总页数（规范拼写）', 'Pages (spelt as the spec spells it)'),
      totalRecords: int('总条数', 'Total records'),
      pageSize: int('每页条数', 'Page size'),
      currentPage: int('当前页', 'Current page'),
      flights: arr(
        '航班',
        'Flights',
        obj('航班', 'Flight', {
          flightId: s('航班标识', 'Flight id'),
          callsign: s('呼号', 'Call sign'),
          flightNumberIata: s('IATA 航班号', 'IATA flight number'),
          flightNumberIcao: s('ICAO 航班号', 'ICAO flight number'),
          aircraftRegistration: s('注册号', 'Registration'),
          aircraftType: s('机型', 'Aircraft type'),
          aircraftClass: s('机型类别', 'Aircraft class'),
          modeSHexCode: s('S 模式代码', 'Mode-S code'),
          description: s('描述', 'Description'),
          airlineIata: s('航司 IATA 代码', 'Airline IATA'),
          airlineIcao: s('航司 ICAO 代码', 'Airline ICAO'),
          airlineName: s('航司名称', 'Airline name'),
          departure: endpointAnswer('出发', 'Departure'),
          arrival: endpointAnswer('到达', 'Arrival'),
          delayReason: s('延误原因', 'Delay reason'),
          delayDetail: s('延误详情', 'Delay detail'),
          latestPosition: s('最新位置', 'Latest position', { type: 'object' }),
          squawkCode: s('应答机编码', 'Squawk code'),
          source: s('来源', 'Source'),
          created: s('创建时间', 'Created'),
          updated: s('更新时间', 'Updated'),
          positions: arr('航迹（includeFlightPaths 为 true 时）', 'Path (when includeFlightPaths)', {
            type: 'object',
          }),
          flightUrl: s('航班链接（includeFlightUrls 为 true 时）', 'Flight URL (when includeFlightUrls)'),
          kmlUrl: s('KML 链接', 'KML link'),
          csvUrl: s('CSV 链接', 'CSV link'),
          geojsonUrl: s('GeoJSON 链接', 'GeoJSON link'),
          icaoRoute: s('ICAO 航路', 'ICAO route'),
          status: s('航班状态', 'Status'),
        }),
      ),
    }),
  },
  ['code', 'message'],
);

const positionInfo = obj('最新位置', 'Latest position', {
  adr: s('地址', 'Address'),
  drc: s('方向（度）', 'Direction (degrees)', { type: 'number' }),
  lat: s('纬度（度）', 'Latitude (degrees)', { type: 'number' }),
  lon: s('经度（度）', 'Longitude (degrees)', { type: 'number' }),
  spd: s('速度（千米/小时）', 'Speed (km/h)', { type: 'number' }),
  utc: s('定位时间（UTC）', 'Time (UTC)'),
  province: s('省', 'Province'),
  city: s('市', 'City'),
  country: s('区县', 'County'),
  mil: s('里程（千米）', 'Mileage (km)', { type: 'number' }),
});
const truckInfo = (withTrack: boolean) =>
  obj('货车', 'Truck', {
    isExist: s('是否在网（有定位数据）', 'On the network (has positions)', { type: 'boolean' }),
    truckNo: s('车牌号', 'Plate number'),
    positionInfo,
    stage: {
      ...truckPositionFeedSchema.properties!.stage!,
      title: '运输阶段（§4；未报告时为 null）',
      'x-title-en': 'Stage (§4; null until reported)',
    },
    stageTime: s('阶段报告时间（UTC）', 'When the stage was reported (UTC)'),
    ...(withTrack
      ? {
          track24s: arr(
            '24 小时轨迹',
            '24-hour track',
            obj('轨迹点', 'Track point', {
              agl: s('方向（度）', 'Direction (degrees)', { type: 'number' }),
              gtm: s('定位时间（UTC）', 'Time (UTC)'),
              hgt: s('海拔（米）', 'Height (m)', { type: 'number' }),
              lat: s('纬度（度）', 'Latitude (degrees)', { type: 'number' }),
              lon: s('经度（度）', 'Longitude (degrees)', { type: 'number' }),
              mlg: s('里程（千米）', 'Mileage (km)', { type: 'number' }),
              spd: s('速度（千米/小时）', 'Speed (km/h)', { type: 'number' }),
            }),
          ),
        }
      : {}),
  });
const truckResponse = (withTrack: boolean) =>
  obj(
    withTrack ? '货车轨迹应答' : '货车定位应答',
    withTrack ? 'Truck tracking answer' : 'Truck position answer',
    {
      ...statusCodeEnvelope,
      content: obj('内容', 'Content', { truckInfos: arr('货车列表', 'Trucks', truckInfo(withTrack)) }),
    },
    ['statusCode', 'message', 'content'],
  );
export const truckPositionResponse = truckResponse(false);
export const truckTrackResponse = truckResponse(true);

/** The reference look-ups' ids (query catalogue `ReferenceQueryTypeId`). */
export const referenceQueryIds = [
  'vesselArchive',
  'vesselAis',
  'transportBill',
  'routeSchedule',
  'terminalVesselPlan',
  'flightSchedule',
  'truckPosition',
  'truckTrack',
  'oceanCarriers',
] as const;

export const isReferenceQuery = (id: string): id is (typeof referenceQueryIds)[number] =>
  (referenceQueryIds as readonly string[]).includes(id);

const issues = arr('被拒绝的字段（path、rule、message）', 'Refused fields (path, rule, message)', {
  type: 'object',
});

const statusCodeFailure = obj(
  '失败应答',
  'Failure',
  {
    status: int('HTTP 状态（内部字段）', 'HTTP status (internal)'),
    statusCode: int(
      'HTTP 状态 × 100：40000 参数错误、40100 密钥无效、40300 无权限、42900 调用超限、50000 内部错误',
      'The HTTP status × 100: 40000 parameters, 40100 invalid key, 40300 permission, 42900 call limit, 50000 internal',
    ),
    message: s('原因', 'Reason'),
    reason: s('错误码', 'Error code'),
    errors: issues,
  },
  ['statusCode', 'message'],
);

const flightFailure = obj(
  '失败应答',
  'Failure',
  {
    code: int(
      '业务码：40000 参数错误、40001 参数列表过长、40600 参数格式错误、40100 密钥无效、40101 密钥错误（账号或密码错误）、40102 密钥已吊销（账号停用）、40103 未提供密钥（账号不存在）、40300 无权限、40500 方法不允许、40010 不支持的坐标系、40020 未知航司代码、42900 调用超限、50000 内部错误（40011 坐标转换错误不会出现：不作坐标转换）',
      'Business code: 40000 parameter error, 40001 list too long, 40600 malformed, 40100 invalid key, 40101 unknown key (wrong account or password), 40102 revoked key (account disabled), 40103 no key (account missing), 40300 permission, 40500 method not allowed, 40010 unsupported coordinate system, 40020 unknown airline code, 42900 call limit, 50000 internal (40011 coordinate conversion error never occurs: nothing is converted)',
    ),
    message: s('原因', 'Reason'),
    reason: s('错误码', 'Error code'),
    errors: issues,
    data: s('无数据', 'No data', { type: 'null' }),
  },
  ['code', 'message'],
);

/** The failure answers of the look-ups whose convention is not the `{flag, code, message}` envelope (§8). */
export const referenceFailureSchemas: Readonly<
  Partial<Record<(typeof referenceQueryIds)[number], JsonSchema>>
> = {
  vesselArchive: statusCodeFailure,
  routeSchedule: statusCodeFailure,
  terminalVesselPlan: statusCodeFailure,
  flightSchedule: flightFailure,
  truckPosition: statusCodeFailure,
  truckTrack: statusCodeFailure,
};
