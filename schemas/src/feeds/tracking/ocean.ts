import {
  codeValues,
  dateTime,
  documentSchema,
  type JsonSchema,
  labels as l,
  patterned,
  record,
  text,
} from '../../documents/json-schema.ts';
import {
  containerNodeCodes,
  estimated,
  importExport,
  oceanFeedStatusCategories,
  statusSources,
} from './codes.ts';
import { codes, eventTime, lat, len, listOf, lon, portTimeZone } from './vocabulary.ts';

/**
 * Ocean container event feed (query spec §3 "Ocean container tracking", §4, §9): a carrier's
 * (source 1) or a port area's (source 0) report on one bill of lading or booking — its
 * containers' node events, the route with vessels and voyages, places, terminal plan, vessel
 * and documents. Several sources report the same bill; the projection merges their events in
 * event time and keeps each event's provenance.
 */
export const containerNo: JsonSchema = patterned(
  11,
  '^[A-Z]{4}[0-9]{7}$',
  l(
    '箱号',
    'Container number',
    'ISO 6346 箱号：4 位字母加 7 位数字',
    'ISO 6346 container number: four letters and seven digits',
  ),
);

const time = (cn: string, en: string) => dateTime(l(cn, en, cn, en));

const place = (cn: string, en: string, times: Record<string, JsonSchema>) =>
  record(
    {
      name: text(len.name, l('名称', 'Name', '地点名称', 'The place’s name')),
      nameOrigin: text(
        len.name,
        l('原始名称', 'Original name', '船公司给出的原始名称', 'The name as the carrier writes it'),
      ),
      portTimeZone,
      code: text(len.code, l('地点代码', 'Code', 'UN/LOCODE', 'UN/LOCODE')),
      lat,
      lon,
      terminalName: text(len.name, l('码头', 'Terminal', '码头名称', 'The terminal')),
      ...times,
    },
    [],
    l(cn, en, cn, en),
  );

const event = record(
  {
    containerNo,
    eventCode: codeValues(
      containerNodeCodes,
      l('节点代码', 'Node code', '集装箱节点代码（§4）', 'The container node code (§4)'),
    ),
    eventTime,
    isEsti: codes(estimated, l('是否预计', 'Estimated', 'N 实际，Y 预计', 'N actual, Y estimated')),
    eventPlace: text(len.name, l('事件地点', 'Event place', '事件发生地', 'Where it happened')),
    portCode: text(len.code, l('港口代码', 'Port code', 'UN/LOCODE', 'UN/LOCODE')),
    vslName: text(len.name, l('船名', 'Vessel', '船名', 'Vessel name')),
    voy: text(len.code, l('航次', 'Voyage', '航次', 'Voyage')),
    descriptionCn: text(len.station, l('中文描述', 'Description (Chinese)', '事件中文描述', 'In Chinese')),
    descriptionEn: text(len.station, l('英文描述', 'Description (English)', '事件英文描述', 'In English')),
  },
  ['eventCode', 'eventTime', 'isEsti'],
  l('节点事件', 'Node event', '一个集装箱节点事件', 'One container node event'),
);

export const oceanContainerEventSchema: JsonSchema = documentSchema({
  words: l(
    '海运集装箱事件数据',
    'Ocean container event feed',
    '船公司（source 1）或港区（source 0）推送的一票提单或订舱的集装箱动态；多个来源的事件按事件时间合并',
    'A carrier’s (source 1) or port area’s (source 0) report on one bill of lading or booking; events from several sources are merged in event time',
  ),
  properties: {
    billNo: text(
      len.number,
      l(
        '提单号',
        'Bill of lading',
        '提单号或订舱号，作为记录键',
        'The bill of lading or booking number; the record key',
      ),
    ),
    bookingNo: text(
      len.number,
      l('订舱号', 'Booking number', '订舱号（如与提单号不同）', 'The booking number, if other than billNo'),
    ),
    carrierCode: text(
      len.code,
      l(
        '船公司代码',
        'Carrier code',
        '船公司代码（SCAC 或平台代码）',
        'The carrier code (SCAC or platform code)',
      ),
    ),
    portCode: text(
      len.code,
      l('港区代码', 'Port code', '港区 UN/LOCODE，如 CNSHA', 'The port area’s UN/LOCODE, e.g. CNSHA'),
    ),
    isExport: codes(importExport, l('进出口', 'Import or export', 'E 出口，I 进口', 'E export, I import')),
    source: codes(
      statusSources,
      l('数据来源', 'Source', '1 船公司，0 港区（§9）', '1 carrier, 0 port area (§9)'),
    ),
    statusCategory: codes(
      oceanFeedStatusCategories,
      l(
        '跟踪状态',
        'Status category',
        '来源给出的跟踪状态；START 为平台自身的“获取中”，不由数据给出',
        'The tracking status the source gives; START is the platform’s own "fetching" and never comes from a feed',
      ),
    ),
    endTime: time('完结时间', 'End time'),
    carrier: record(
      {
        nameCn: text(len.name, l('中文名', 'Chinese name', '船公司中文名', 'In Chinese')),
        nameEn: text(len.name, l('英文名', 'English name', '船公司英文名', 'In English')),
        scac: text(4, l('标准承运人代码', 'SCAC', '标准承运人代码', 'Standard carrier alpha code')),
        code: text(len.code, l('代码', 'Code', '平台船公司代码', 'Platform carrier code')),
        url: text(len.url, l('官网', 'Website', '船公司网站', 'The carrier’s website')),
      },
      [],
      l('船公司', 'Carrier', '承运船公司', 'The carrier'),
    ),
    receipt: place('收货地', 'Place of receipt', {
      etd: time('预计离开', 'ETD'),
      atd: time('实际离开', 'ATD'),
    }),
    delivery: place('交货地', 'Place of delivery', {
      eta: time('预计到达', 'ETA'),
      ata: time('实际到达', 'ATA'),
    }),
    firstVessel: record(
      {
        vslName: text(len.name, l('船名', 'Vessel', '头程船名', 'First vessel')),
        voy: text(len.code, l('航次', 'Voyage', '头程航次', 'First voyage')),
      },
      [],
      l('头程船', 'First vessel', '头程船名航次', 'The first vessel and voyage'),
    ),
    places: listOf(
      place('途经地', 'Place', {
        eta: time('预计到达', 'ETA'),
        ata: time('实际到达', 'ATA'),
        etd: time('预计离开', 'ETD'),
        atd: time('实际离开', 'ATD'),
      }),
      l('途经地', 'Places', '起运、中转、目的港', 'Ports of loading, transhipment and discharge'),
    ),
    routes: listOf(
      record(
        {
          route: {
            type: 'integer',
            minimum: 1,
            title: '航段序号',
            description: '航段序号，从 1 开始',
            'x-title-en': 'Route index',
            'x-description-en': 'Leg number from 1',
          },
          polCode: text(len.code, l('起运港代码', 'POL code', 'UN/LOCODE', 'UN/LOCODE')),
          polName: text(len.name, l('起运港', 'POL', '起运港名称', 'Port of loading')),
          podCode: text(len.code, l('目的港代码', 'POD code', 'UN/LOCODE', 'UN/LOCODE')),
          podName: text(len.name, l('目的港', 'POD', '目的港名称', 'Port of discharge')),
          lat,
          lon,
          zone: text(len.code, l('时区', 'Zone', '航段时区', 'Time zone')),
          transportMode: text(
            len.code,
            l('运输方式', 'Transport mode', '如 VESSEL、RAIL、FEEDER', 'e.g. VESSEL, RAIL, FEEDER'),
          ),
          modeDetails: record(
            {
              vessel: text(len.name, l('船名', 'Vessel', '船名', 'Vessel')),
              voyage: text(len.code, l('航次', 'Voyage', '航次', 'Voyage')),
              etd: time('预计离港', 'ETD'),
              atd: time('实际离港', 'ATD'),
              eta: time('预计到港', 'ETA'),
              ata: time('实际到港', 'ATA'),
              aisAtd: time('AIS 离港时间', 'AIS departure'),
              aisAta: time('AIS 到港时间', 'AIS arrival'),
            },
            [],
            l('航段详情', 'Mode details', '船名航次与时间', 'Vessel, voyage and times'),
          ),
        },
        ['route'],
        l('航段', 'Route', '一个航段', 'One leg'),
      ),
      l('航段', 'Routes', '运输航段', 'The legs'),
    ),
    terminalPlan: record(
      {
        open: time('开港时间', 'Port open'),
        close: time('截港时间', 'Port cutoff'),
        shippingAgent: text(len.name, l('船代', 'Shipping agent', '船舶代理', 'The shipping agent')),
      },
      [],
      l('码头计划', 'Terminal plan', '开截港与船代', 'Port open, cutoff and agent'),
    ),
    containers: listOf(
      record(
        {
          containerNo,
          type: text(len.code, l('箱型', 'Type', '如 GP、HC', 'e.g. GP, HC')),
          size: text(len.code, l('尺寸', 'Size', '如 20、40', 'e.g. 20, 40')),
          sealNo: text(len.number, l('封号', 'Seal number', '铅封号', 'The seal number')),
          offLoadOfCarrier: time('船公司卸船时间', 'Carrier off-load time'),
        },
        ['containerNo'],
        l('集装箱', 'Container', '一个集装箱', 'One container'),
      ),
      l('集装箱', 'Containers', '提单下的集装箱', 'The bill’s containers'),
    ),
    events: listOf(event, l('节点事件', 'Events', '集装箱节点事件', 'Container node events')),
    vessel: record(
      {
        imo: text(7, l('IMO', 'IMO', 'IMO 编号', 'IMO number')),
        mmsi: text(9, l('海上移动识别码', 'MMSI', 'MMSI', 'MMSI')),
        flagName: text(len.name, l('船旗', 'Flag', '船旗国', 'Flag state')),
        shipOwner: text(len.name, l('船东', 'Ship owner', '船东', 'Ship owner')),
      },
      [],
      l('船舶', 'Vessel', '当前船舶档案', 'The current vessel'),
    ),
    document: record(
      {
        packinglist: text(
          len.url,
          l('装箱单', 'Packing list', '装箱单状态或链接', 'Packing list status or link'),
        ),
        vgm: text(len.url, l('VGM', 'VGM', '核实总重状态或链接', 'Verified gross mass status or link')),
      },
      [],
      l('单证', 'Documents', '装箱单与 VGM', 'Packing list and VGM'),
    ),
  },
  required: ['billNo', 'source'],
});
