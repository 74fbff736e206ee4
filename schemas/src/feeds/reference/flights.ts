import {
  amount,
  documentSchema,
  formatted,
  type JsonSchema,
  type Labels,
  labels as l,
  list,
  patterned,
  record,
  signedNumber,
  text,
} from '../../documents/json-schema.ts';
import { flightStatus, icaoAirport, isoInstant, modeSHexCode } from './fields.ts';

const position = (words: Labels): JsonSchema =>
  record(
    {
      time: isoInstant(l('时间', 'Time', '位置时间（ISO UTC）', 'When the aircraft was there (ISO UTC)')),
      lat: signedNumber(-90, 90, l('纬度', 'Latitude', '纬度，单位度', 'Latitude in degrees')),
      lon: signedNumber(-180, 180, l('经度', 'Longitude', '经度，单位度', 'Longitude in degrees')),
      altitude: amount(l('高度', 'Altitude', '气压高度，单位英尺', 'Barometric altitude in feet')),
      groundSpeed: amount(l('地速', 'Ground speed', '地速，单位节', 'Ground speed in knots')),
      heading: signedNumber(0, 360, l('航向', 'Heading', '航向，单位度', 'Heading in degrees')),
    },
    ['time', 'lat', 'lon'],
    words,
  );

const endpoint = (cn: string, en: string): JsonSchema =>
  record(
    {
      airportIcao: icaoAirport(
        l('机场 ICAO 代码', 'Airport ICAO code', '机场四字 ICAO 代码', 'The airport’s four-letter ICAO code'),
      ),
      airportIata: text(
        3,
        l(
          '机场 IATA 代码',
          'Airport IATA code',
          '机场三字 IATA 代码',
          'The airport’s three-letter IATA code',
        ),
      ),
      name: text(100, l('机场名称', 'Airport name', '机场名称', 'The airport’s name')),
      city: text(60, l('城市', 'City', '所在城市', 'The city')),
      state: text(60, l('州省', 'State', '所在州或省', 'The state or province')),
      country: text(60, l('国家', 'Country', '所在国家', 'The country')),
      lat: signedNumber(
        -90,
        90,
        l('纬度', 'Latitude', '机场纬度，单位度', 'The airport’s latitude in degrees'),
      ),
      lon: signedNumber(
        -180,
        180,
        l('经度', 'Longitude', '机场经度，单位度', 'The airport’s longitude in degrees'),
      ),
      timezone: text(
        40,
        l('时区', 'Time zone', 'IANA 时区名，如 Asia/Shanghai', 'The IANA time zone, e.g. Asia/Shanghai'),
      ),
      scheduledTime: isoInstant(
        l('计划时间', 'Scheduled time', '计划时间（ISO UTC）', 'Scheduled (ISO UTC)'),
      ),
      actualTime: isoInstant(l('实际时间', 'Actual time', '实际时间（ISO UTC）', 'Actual (ISO UTC)')),
      estimatedTime: isoInstant(
        l('预计时间', 'Estimated time', '预计时间（ISO UTC）', 'Estimated (ISO UTC)'),
      ),
      status: text(30, l('状态', 'Status', '该端的起降状态', 'The departure or arrival status')),
    },
    ['airportIcao'],
    l(cn, en, `${cn}机场与时间`, `The ${en.toLowerCase()} airport and times`),
  );

const url = (cn: string, en: string) => formatted(1000, 'uri', l(cn, en, cn, en));

/**
 * Global flight schedule (query spec §3 "Flight schedule"): one flight as a flight-data provider
 * states it. A flight is its `flightId`; of two records the one `updated` later is current (the
 * log order decides a tie), so a late replay of an older state does not win.
 */
export const flightFeedSchema: JsonSchema = documentSchema({
  words: l(
    '全球航班数据',
    'Flight schedule feed',
    '航班数据源提交的一个航班的状态；同一航班以 updated 较晚者为准',
    'One flight’s state from a flight-data provider; of the same flight, the later `updated` wins',
  ),
  properties: {
    flightId: text(64, l('航班标识', 'Flight id', '数据源的航班唯一标识', 'The provider’s id of the flight')),
    callsign: text(10, l('呼号', 'Call sign', '航班呼号', 'The flight’s call sign')),
    flightNumberIata: text(
      10,
      l('IATA 航班号', 'IATA flight number', 'IATA 航班号，如 CA981', 'The IATA flight number, e.g. CA981'),
    ),
    flightNumberIcao: text(
      10,
      l('ICAO 航班号', 'ICAO flight number', 'ICAO 航班号，如 CCA981', 'The ICAO flight number, e.g. CCA981'),
    ),
    aircraftRegistration: text(
      12,
      l('飞机注册号', 'Registration', '飞机注册号，如 B-2485', 'The aircraft registration, e.g. B-2485'),
    ),
    aircraftType: text(
      10,
      l('机型', 'Aircraft type', 'ICAO 机型代码，如 B748', 'The ICAO type designator, e.g. B748'),
    ),
    aircraftClass: text(
      30,
      l(
        '机型类别',
        'Aircraft class',
        '飞机类别（如 PASSENGER、CARGO），查询参数 aircraftClasses 按此筛选',
        'The aircraft class (e.g. PASSENGER, CARGO); the look-up’s aircraftClasses filters on it',
      ),
    ),
    modeSHexCode,
    description: text(255, l('描述', 'Description', '航班描述', 'A description of the flight')),
    airlineIata: text(
      3,
      l('航司 IATA 代码', 'Airline IATA code', '航空公司两字 IATA 代码', 'The airline’s IATA code'),
    ),
    airlineIcao: text(
      3,
      l('航司 ICAO 代码', 'Airline ICAO code', '航空公司三字 ICAO 代码', 'The airline’s ICAO code'),
    ),
    airlineName: text(100, l('航司名称', 'Airline name', '航空公司名称', 'The airline’s name')),
    departure: endpoint('出发', 'Departure'),
    arrival: endpoint('到达', 'Arrival'),
    delayReason: text(100, l('延误原因', 'Delay reason', '延误原因', 'Why the flight is delayed')),
    delayDetail: text(500, l('延误详情', 'Delay detail', '延误详情', 'More on the delay')),
    latestPosition: position(
      l('最新位置', 'Latest position', '飞机的最新位置', 'The aircraft’s latest position'),
    ),
    squawkCode: patterned(
      4,
      '^[0-7]{4}$',
      l('应答机编码', 'Squawk code', '应答机四位八进制编码', 'The transponder’s four octal digits'),
    ),
    source: text(
      30,
      l(
        '数据来源',
        'Source',
        '数据来源（如 ADS-B、SCHEDULE），查询参数 sources 按此筛选',
        'Where the data comes from (e.g. ADS-B, SCHEDULE); the look-up’s sources filters on it',
      ),
    ),
    created: isoInstant(
      l(
        '创建时间',
        'Created',
        '数据源创建该航班的时间（ISO UTC）',
        'When the provider created the flight (ISO UTC)',
      ),
    ),
    updated: isoInstant(
      l(
        '更新时间',
        'Updated',
        '数据源最后更新该航班的时间（ISO UTC）',
        'When the provider last updated the flight (ISO UTC)',
      ),
    ),
    positions: list(
      position(l('航迹点', 'Path point', '航迹中的一个点', 'One point of the path')),
      { max: 5000 },
      l('航迹', 'Flight path', '航班的航迹点', 'The flight’s path'),
    ),
    flightUrl: url('航班链接', 'Flight URL'),
    kmlUrl: url('KML 链接', 'KML link'),
    csvUrl: url('CSV 链接', 'CSV link'),
    geojsonUrl: url('GeoJSON 链接', 'GeoJSON link'),
    icaoRoute: text(
      1000,
      l('ICAO 航路', 'ICAO route', '飞行计划中的 ICAO 航路', 'The ICAO route of the flight plan'),
    ),
    status: flightStatus,
  },
  required: ['flightId', 'departure', 'arrival', 'updated', 'status'],
});
