import {
  dateTime,
  documentSchema,
  type JsonSchema,
  labels as l,
  namesNoGrantedEnterprise,
  patterned,
  record,
  text,
} from '../../documents/json-schema.ts';
import { expressActions, expressStateExes, expressStates, problemCodesNote } from './codes.ts';
import { codes, len, listOf } from './vocabulary.ts';

/**
 * Express trace feed (query spec §3 "Express", §4): what a carrier or tracking integrator
 * reports about one parcel — its traces so far (a report may repeat earlier ones; the
 * projection merges them), where it is, the courier's phone and the route map link. A
 * connector polling a carrier's API appends exactly this document per poll.
 */
const trace = record(
  {
    acceptTime: dateTime(l('轨迹时间', 'Trace time', '轨迹发生时间', 'When the trace happened')),
    acceptStation: text(
      len.station,
      l('轨迹描述', 'Trace description', '轨迹描述（最多 500 字）', 'What happened (at most 500 characters)'),
    ),
    location: text(len.name, l('所在城市', 'Location', '轨迹发生的城市', 'The city of the trace')),
    action: codes(
      expressActions,
      l(
        '轨迹状态',
        'Action',
        '该条轨迹的状态或扩展状态（§4）；快递状态由最新一条有状态的轨迹得出',
        'The state or extended state of this trace (§4); the parcel’s state is derived from the latest trace that has one',
      ),
    ),
    remark: text(len.name, l('备注', 'Remark', '轨迹备注', 'A note on the trace')),
  },
  ['acceptTime', 'acceptStation'],
  l('轨迹', 'Trace', '一条物流轨迹', 'One trace'),
);

const coordinate = record(
  {
    latAndLng: text(64, l('经纬度', 'Latitude and longitude', '“纬度,经度”', '"latitude,longitude"')),
    location: text(len.name, l('位置', 'Location', '坐标所在城市或地点', 'The place of the coordinate')),
  },
  ['latAndLng'],
  l('坐标', 'Coordinate', '路线上的一个坐标', 'One point of the route'),
);

const phoneTail = (cn: string, en: string): JsonSchema =>
  patterned(4, '^[0-9]{4}$', l(cn, en, '手机号后四位', 'The last four digits of the phone number'));

export const expressTraceSchema: JsonSchema = documentSchema({
  words: l(
    '快递轨迹数据',
    'Express trace feed',
    '承运商或轨迹服务商推送的一票快件的轨迹。同一快件可多次推送（可重复已推送的轨迹），平台按轨迹时间合并',
    'A carrier’s or tracking integrator’s report on one parcel. A parcel may be reported many times (repeating earlier traces); the platform merges them in trace time',
  ),
  properties: {
    shipperCode: namesNoGrantedEnterprise(
      "the carrier, the feed's provider: no enterprise's view reads it",
      text(
        len.code,
        l(
          '快递公司编码',
          'Carrier code',
          '快递公司编码，如 SF、YTO、JD',
          'The carrier code, e.g. SF, YTO, JD',
        ),
      ),
    ),
    logisticCode: text(30, l('快递单号', 'Tracking number', '快递运单号', 'The parcel’s tracking number')),
    orderCode: text(30, l('订单编号', 'Order code', '寄件方订单编号', 'The shipper’s order code')),
    state: codes(
      expressStates,
      l(
        '物流状态',
        'State',
        '服务商给出的状态；有带状态的轨迹时以最新轨迹为准',
        'The state the provider gives; the latest trace with an action takes precedence',
      ),
    ),
    stateEx: codes(
      expressStateExes,
      l(
        '扩展状态',
        'Extended state',
        `服务商给出的扩展状态。${problemCodesNote.cn}`,
        `The extended state the provider gives. ${problemCodesNote.en}`,
      ),
    ),
    location: text(
      len.name,
      l('当前城市', 'Current location', '快件当前所在城市', 'Where the parcel is now'),
    ),
    traces: listOf(trace, l('轨迹', 'Traces', '本次推送的轨迹', 'The traces of this report')),
    coordinates: listOf(
      coordinate,
      l('路线坐标', 'Route coordinates', '轨迹地图上的坐标', 'Points of the route map'),
    ),
    routeMapUrl: text(len.url, l('轨迹地图链接', 'Route map URL', '轨迹地图页面地址', 'The route map page')),
    deliveryManTel: text(
      len.code,
      l('派件员电话', 'Courier phone', '派件员联系电话', 'The delivering courier’s phone'),
    ),
    senderCityLatAndLng: text(
      64,
      l('寄件城市经纬度', 'Sender city coordinates', '“纬度,经度”', '"latitude,longitude"'),
    ),
    receiverPhoneTail: phoneTail('收件人手机后四位', 'Receiver phone, last four'),
    senderPhoneTail: phoneTail('寄件人手机后四位', 'Sender phone, last four'),
    shipperAccount: namesNoGrantedEnterprise(
      "the shipper's account at the carrier, a check value of tracking queries, never shown: no enterprise's view reads it",
      text(
        50,
        l(
          '月结账号',
          'Shipper account',
          '寄件方在承运商的客户账号（部分承运商查询时用作 customerName）',
          'The shipper’s account at the carrier (some carriers take it as customerName)',
        ),
      ),
    ),
    reportedAt: dateTime(
      l('服务商报告时间', 'Reported at', '服务商生成本报告的时间', 'When the provider produced this report'),
    ),
  },
  required: ['shipperCode', 'logisticCode'],
});
