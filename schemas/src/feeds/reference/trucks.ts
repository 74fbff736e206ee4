import {
  amount,
  code,
  documentSchema,
  type JsonSchema,
  labels as l,
  signedNumber,
  text,
} from '../../documents/json-schema.ts';
import { eventTime, plateNumber } from './fields.ts';

/**
 * Truck position (query spec §3 "Truck"): one position report of one truck from the truck
 * positioning network. The spec gives no units; ours: WGS-84 degrees, km/h, degrees clockwise
 * from north, metres above sea level, kilometres. The truck's current position is its latest
 * report by `utc`; its 24-hour track keeps the reports within 24 hours of that one.
 */
/** Truck stages (query spec §4), 2.5 and 4.5 included; sent as text ("2.5"). */
export const truckStages = {
  '0': ['未接单或已接单', 'not accepted or accepted'],
  '1': ['已出发', 'departed'],
  '2': ['到达提货地', 'arrived for pickup'],
  '2.5': ['已核对件数（提货）', 'piece count checked (pickup)'],
  '3': ['离开提货地', 'left pickup'],
  '4': ['到达送货地', 'arrived for delivery'],
  '4.5': ['离开送货地', 'left delivery'],
  '5': ['已核对件数（送货）', 'piece count checked (delivery)'],
} as const satisfies Record<string, readonly [string, string]>;

export const truckPositionFeedSchema: JsonSchema = documentSchema({
  words: l(
    '货车定位数据',
    'Truck position feed',
    '货车定位网络提交的一条车辆位置报告',
    'One position report of a truck from the truck positioning network',
  ),
  properties: {
    vclN: plateNumber,
    utc: eventTime(l('定位时间', 'Position time', '定位时间', 'When the truck was there')),
    lat: signedNumber(
      -90,
      90,
      l('纬度', 'Latitude', '纬度（WGS-84），单位度', 'Latitude (WGS-84) in degrees'),
    ),
    lon: signedNumber(
      -180,
      180,
      l('经度', 'Longitude', '经度（WGS-84），单位度', 'Longitude (WGS-84) in degrees'),
    ),
    spd: amount(l('速度', 'Speed', '速度，单位千米/小时', 'Speed in km/h')),
    drc: signedNumber(
      0,
      360,
      l('方向', 'Direction', '行驶方向，正北起顺时针，单位度', 'Heading clockwise from north, in degrees'),
    ),
    hgt: signedNumber(
      -500,
      9000,
      l('海拔', 'Height', '海拔高度，单位米', 'Height above sea level in metres'),
    ),
    mil: amount(l('里程', 'Mileage', '累计里程，单位千米', 'Odometer in kilometres')),
    adr: text(255, l('地址', 'Address', '位置的地址描述', 'The position’s address')),
    province: text(30, l('省', 'Province', '所在省份', 'The province')),
    city: text(30, l('市', 'City', '所在城市', 'The city')),
    country: text(30, l('区县', 'County', '所在区县', 'The county or district')),
    stage: code(
      truckStages,
      l(
        '运输阶段',
        'Stage',
        '报告时车辆所处的运输阶段（§4），选填；未报告时沿用最近一次报告的阶段',
        'The transport stage the truck is in at this report (§4), optional; a report without one leaves the latest stated stage',
      ),
    ),
  },
  required: ['vclN', 'utc', 'lat', 'lon'],
});
