import {
  documentSchema,
  type JsonSchema,
  labels as l,
  patterned,
  record,
  text,
} from '../../documents/json-schema.ts';
import {
  airEquipmentEvents,
  airLocationCategories,
  airShipmentEvents,
  airTransportEvents,
  processComplete,
} from './codes.ts';
import { cargo, codes, details, eventTime, flight, len, listOf, location } from './vocabulary.ts';

/**
 * Air cargo event feed (query spec §3 "Air tracking", §4): an airline's or cargo data
 * provider's report on one air waybill — its shipment, transport (flight) and equipment
 * (cargo handling) events and its origin and destination.
 */
const place = record(
  { ...(location.properties ?? {}) },
  [],
  l('地点', 'Location', '事件发生的机场或城市', 'The airport or city of the event'),
);

const eventOf = (category: string, values: Parameters<typeof codes>[0], cn: string, en: string) =>
  record(
    {
      eventCode: codes(values, l(`${cn}代码`, `${en} code`, `${cn}代码（§4）`, `The ${en} code (§4)`)),
      eventTime,
      flight,
      location: place,
      pieces: cargo.properties!.pieces!,
      weight: cargo.properties!.weight!,
      details,
    },
    ['eventCode', 'eventTime'],
    l(cn, en, `一个${cn}`, `One ${category} event`),
  );

const businessNumber: JsonSchema = patterned(
  11,
  '^[0-9]{11}$',
  l(
    '运单号',
    'Air waybill number',
    '主运单号，11 位数字，不含连字符（如 78412345675）',
    'The master air waybill number: 11 digits without the hyphen (e.g. 78412345675)',
  ),
);

export const airCargoEventSchema: JsonSchema = documentSchema({
  words: l(
    '空运货物事件数据',
    'Air cargo event feed',
    '航空公司或货运数据服务商推送的一票空运单的事件；同一运单可多次推送，平台按事件时间合并',
    'An airline’s or cargo data provider’s report on one air waybill; a waybill may be reported many times and the platform merges the events in event time',
  ),
  properties: {
    businessNumber,
    origin: text(len.name, l('数据来源', 'Origin', '数据来源说明', 'Where the data comes from')),
    status: codes(
      processComplete,
      l('业务状态', 'Business status', '服务商给出的业务状态', 'The business status the provider gives'),
    ),
    carrier: record(
      {
        carrierName: text(len.name, l('航司名称', 'Carrier name', '航空公司名称', 'The airline')),
        carrierCode: text(3, l('航司代码', 'Carrier code', 'IATA 航司代码', 'IATA airline code')),
      },
      [],
      l('承运航司', 'Carrier', '承运航空公司', 'The carrying airline'),
    ),
    shipmentEquipments: listOf(
      record({ cargo }, [], l('货物', 'Equipment', '货物件数、重量、体积', 'Pieces, weight, volume')),
      l('货物信息', 'Shipment equipments', '运单的货物', 'The waybill’s cargo'),
    ),
    shipmentLocations: listOf(
      record(
        {
          locationCategory: codes(
            airLocationCategories,
            l('地点类别', 'Location category', '始发地或目的地', 'Origin or destination'),
          ),
          location: place,
        },
        ['locationCategory'],
        l('运单地点', 'Shipment location', '始发地或目的地', 'Origin or destination'),
      ),
      l('运单地点', 'Shipment locations', 'PRE 始发地、PDE 目的地', 'PRE origin, PDE destination'),
    ),
    shipmentEvents: listOf(
      eventOf('shipment', airShipmentEvents, '运单事件', 'shipment event'),
      l('运单事件', 'Shipment events', 'BKD、CUS、NFD、RWB', 'BKD, CUS, NFD, RWB'),
    ),
    transportEvents: listOf(
      eventOf('transport', airTransportEvents, '运输事件', 'transport event'),
      l('运输事件', 'Transport events', '航班起飞 DEP、到达 ARR', 'Flight departure DEP, arrival ARR'),
    ),
    equipmentEvents: listOf(
      eventOf('equipment', airEquipmentEvents, '货物事件', 'equipment event'),
      l('货物事件', 'Equipment events', 'RCS、MAN、RCF、DLV、UNKOWN', 'RCS, MAN, RCF, DLV, UNKOWN'),
    ),
  },
  required: ['businessNumber'],
});
