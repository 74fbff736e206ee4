import {
  amount,
  documentSchema,
  type JsonSchema,
  labels as l,
  record,
  text,
} from '../../documents/json-schema.ts';
import {
  equipmentIndicators,
  eventClassifiers,
  importExport,
  polPod,
  processComplete,
  terminalEquipmentEvents,
  terminalShipmentEvents,
  terminalTransportEvents,
} from './codes.ts';
import { containerNo } from './ocean.ts';
import { codes, details, eventTime, len, listOf, location, vessel } from './vocabulary.ts';

/**
 * Terminal event feed (query spec §3 "Terminal container tracking", §4): a port terminal's
 * report on one business number (bill or booking) at one port, import or export — documents,
 * equipment (container) events, transport (vessel call) events and shipment (customs) events.
 */
const transportCall = record(
  {
    transportCategory: text(len.code, l('运输类别', 'Transport category', '如 VESSEL', 'e.g. VESSEL')),
    voyage: text(len.code, l('航次', 'Voyage', '航次', 'Voyage')),
    vessel,
    facilityName: text(len.name, l('码头名称', 'Facility name', '码头或堆场名称', 'Terminal or yard')),
    facilityCode: text(len.code, l('码头代码', 'Facility code', '码头代码', 'Terminal code')),
    facilityCategory: text(len.code, l('设施类别', 'Facility category', '如 TERMINAL', 'e.g. TERMINAL')),
    location,
  },
  [],
  l('挂靠', 'Transport call', '一次船舶挂靠', 'One vessel call'),
);

const equipment = record(
  { equipmentCode: containerNo },
  ['equipmentCode'],
  l('箱', 'Equipment', '集装箱', 'Container'),
);

const equipmentIndicator = codes(equipmentIndicators, l('空重', 'Indicator', '空箱或重箱', 'Empty or laden'));

const classifier = codes(
  eventClassifiers,
  l('事件类别', 'Classifier', 'ACT 实际，EST 预计', 'ACT actual, EST estimated'),
);

export const terminalEventSchema: JsonSchema = documentSchema({
  words: l(
    '码头集装箱事件数据',
    'Terminal event feed',
    '码头推送的一个业务号（提单或订舱）在一个港口的进口或出口动态；多次推送按事件时间合并',
    'A terminal’s report on one business number (bill or booking) at one port, import or export; reports are merged in event time',
  ),
  properties: {
    businessNumber: text(
      len.number,
      l('业务号', 'Business number', '提单号或订舱号，作为记录键', 'Bill or booking number; the record key'),
    ),
    portCode: text(len.code, l('港口代码', 'Port code', 'UN/LOCODE，如 CNNGB', 'UN/LOCODE, e.g. CNNGB')),
    ieid: codes(importExport, l('进出口', 'Import or export', 'E 出口，I 进口', 'E export, I import')),
    tradeType: text(len.code, l('贸易类型', 'Trade type', '内贸或外贸等', 'Domestic or foreign trade')),
    status: codes(
      processComplete,
      l('业务状态', 'Business status', '码头给出的业务状态', 'The status the terminal gives'),
    ),
    shipmentDocuments: listOf(
      record(
        {
          documentCode: text(len.number, l('单证编号', 'Document code', '单证编号', 'Document number')),
          documentType: text(len.code, l('单证类型', 'Document type', '如 BL、BKG', 'e.g. BL, BKG')),
          customsNumber: text(
            len.number,
            l('报关单号', 'Customs number', '报关单号', 'Customs declaration number'),
          ),
          billNumber: text(len.number, l('提单号', 'Bill number', '提单号', 'Bill of lading')),
          packages: amount(l('件数', 'Packages', '件数', 'Packages')),
          grossWeight: amount(l('毛重', 'Gross weight', '千克', 'In kilograms')),
          volume: amount(l('体积', 'Volume', '立方米', 'In cubic metres')),
        },
        [],
        l('单证', 'Shipment document', '一份单证', 'One document'),
      ),
      l('单证', 'Shipment documents', '业务号下的单证', 'The business number’s documents'),
    ),
    shipmentEquipments: listOf(
      record(
        {
          equipment,
          equipmentIndicator,
        },
        [],
        l('集装箱', 'Shipment equipment', '一个集装箱', 'One container'),
      ),
      l('集装箱', 'Shipment equipments', '业务号下的集装箱', 'The containers'),
    ),
    equipmentEvents: listOf(
      record(
        {
          eventClassifier: classifier,
          equipmentEventCategory: codes(
            terminalEquipmentEvents,
            l('箱事件', 'Equipment event', 'GTIN、LOAD、DISC、GTOT', 'GTIN, LOAD, DISC, GTOT'),
          ),
          equipmentIndicator,
          equipment,
          eventTime,
          transportCall,
          details,
        },
        ['eventClassifier', 'equipmentEventCategory', 'eventTime', 'equipment'],
        l('箱事件', 'Equipment event', '一个集装箱事件', 'One container event'),
      ),
      l('箱事件', 'Equipment events', '进闸、装船、卸船、出闸', 'Gate in, load, discharge, gate out'),
    ),
    transportEvents: listOf(
      record(
        {
          eventClassifier: classifier,
          transportEventCategory: codes(
            terminalTransportEvents,
            l(
              '运输事件',
              'Transport event',
              'ARRI、DEPA、CYOP、CYCL、SICT、CUCT',
              'ARRI, DEPA, CYOP, CYCL, SICT, CUCT',
            ),
          ),
          eventTime,
          transportCall,
          details,
        },
        ['eventClassifier', 'transportEventCategory', 'eventTime'],
        l('运输事件', 'Transport event', '一个船舶事件', 'One vessel event'),
      ),
      l(
        '运输事件',
        'Transport events',
        '抵港、离港、开港、截港、截单、截关',
        'Arrival, departure, port open, cutoffs',
      ),
    ),
    shipmentEvents: listOf(
      record(
        {
          eventClassifier: classifier,
          shipmentEventCategory: codes(
            terminalShipmentEvents,
            l('单证事件', 'Shipment event', 'HOLD、RELS、REFS、RECE', 'HOLD, RELS, REFS, RECE'),
          ),
          eventTime,
          shipmentDocType: text(
            len.code,
            l('单证类型', 'Document type', '事件所涉单证类型', 'The document type concerned'),
          ),
          documentRef: text(
            len.number,
            l('单证编号', 'Document reference', '事件所涉单证编号', 'The document concerned'),
          ),
          status: text(len.code, l('状态', 'Status', '服务商状态', 'Provider status')),
          details,
        },
        ['eventClassifier', 'shipmentEventCategory', 'eventTime'],
        l('单证事件', 'Shipment event', '一个海关或码头单证事件', 'One customs or terminal event'),
      ),
      l(
        '单证事件',
        'Shipment events',
        '查验、放行、不准放行、运抵',
        'Inspection, release, refusal, arrival report',
      ),
    ),
    shipmentLocations: listOf(
      record(
        {
          locationCategory: codes(
            polPod,
            l('地点类别', 'Location category', 'POL 装货港，POD 卸货港', 'POL loading, POD discharge'),
          ),
          location,
        },
        ['locationCategory'],
        l('地点', 'Shipment location', '装货港或卸货港', 'Port of loading or discharge'),
      ),
      l('地点', 'Shipment locations', '装卸港', 'Ports of loading and discharge'),
    ),
    transports: listOf(
      record(
        { loadTransportCall: transportCall, dischargeTransportCall: transportCall },
        [],
        l('运输', 'Transport', '装船与卸船挂靠', 'Load and discharge calls'),
      ),
      l('运输', 'Transports', '运输段', 'Transport legs'),
    ),
  },
  required: ['businessNumber', 'portCode', 'ieid'],
});
