import {
  amount,
  code,
  dateTime,
  type JsonSchema,
  type Labels,
  labels as l,
  list,
  record,
  signedNumber,
  text,
} from '../../documents/json-schema.ts';

/**
 * Building blocks the four tracking feeds share (locations, vessels, flights, event times).
 * Lengths follow the query spec where it gives them (§3, §9: 20, 32, 50, 255, 500, 1000); where
 * it gives none we use the documents' convention (255 for text, 1000 for URLs; schemas/README).
 */
export const len = { code: 20, number: 32, name: 255, station: 500, url: 1000 } as const;

export const lat = signedNumber(
  -90,
  90,
  l('纬度', 'Latitude', 'WGS-84 纬度，度', 'WGS-84 latitude in degrees'),
);
export const lon = signedNumber(
  -180,
  180,
  l('经度', 'Longitude', 'WGS-84 经度，度', 'WGS-84 longitude in degrees'),
);

export const eventTime = dateTime(
  l(
    '事件时间',
    'Event time',
    '事件发生（或预计发生）的时间；无时区时按北京时间',
    'When the event happened (or is expected to); Beijing time when no offset is given',
  ),
);

export const codes = (values: Readonly<Record<string, readonly [string, string]>>, words: Labels) =>
  code(values, words);

export const portTimeZone = text(
  10,
  l('港口时区', 'Port time zone', '如 +08:00', 'The port’s UTC offset, e.g. +08:00'),
);

/** A place as the ocean and terminal results show it (§3 Ocean "receipt and delivery places", Terminal "location"). */
export const location = record(
  {
    locationName: text(len.name, l('地点名称', 'Location name', '地点名称', 'The place’s name')),
    locationCode: text(
      len.code,
      l('地点代码', 'Location code', 'UN/LOCODE 等地点代码', 'UN/LOCODE or similar code'),
    ),
    portTimeZone,
    lat,
    lon,
    portEn: text(len.name, l('港口英文名', 'Port (English)', '港口英文名称', 'The port’s English name')),
  },
  [],
  l('地点', 'Location', '一个地点', 'One place'),
);

export const vessel = record(
  {
    vesselName: text(len.name, l('船名', 'Vessel name', '船舶英文名', 'The vessel’s English name')),
    mmsi: text(
      9,
      l(
        '海上移动识别码',
        'MMSI',
        '水上移动业务识别码（9 位）',
        'Maritime mobile service identity (9 digits)',
      ),
    ),
  },
  [],
  l('船舶', 'Vessel', '承运船舶', 'The carrying vessel'),
);

export const flight = record(
  {
    flightNo: text(
      len.code,
      l('航班号', 'Flight number', '航班号，如 CA1041', 'The flight number, e.g. CA1041'),
    ),
    flightDate: dateTime(l('航班日期', 'Flight date', '计划起飞时间', 'The scheduled departure')),
    departureAirport: text(
      4,
      l('起飞机场', 'Departure airport', 'IATA 或 ICAO 机场代码', 'IATA or ICAO airport code'),
    ),
    arrivalAirport: text(
      4,
      l('到达机场', 'Arrival airport', 'IATA 或 ICAO 机场代码', 'IATA or ICAO airport code'),
    ),
  },
  [],
  l('航班', 'Flight', '承运航班', 'The carrying flight'),
);

export const cargo = record(
  {
    pieces: amount(l('件数', 'Pieces', '件数', 'Number of pieces')),
    weight: amount(l('重量', 'Weight', '千克', 'In kilograms')),
    volume: amount(l('体积', 'Volume', '立方米', 'In cubic metres')),
  },
  [],
  l('货物', 'Cargo', '件数、重量、体积', 'Pieces, weight and volume'),
);

export const details = text(
  len.station,
  l('说明', 'Details', '事件说明', 'What the provider says about the event'),
);

/**
 * Every list of a tracking feed is bounded (schemas/README.md "Bounds"): one feed document
 * reports one item's events, 1,000 of anything is more than a parcel or a container ever has.
 */
export const trackingListMax = 1000;

export const listOf = (item: JsonSchema, words: Labels, min?: number) =>
  list(item, { ...(min === undefined ? {} : { min }), max: trackingListMax }, words);
