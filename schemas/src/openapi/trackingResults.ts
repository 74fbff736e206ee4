import { type JsonSchema, titled as t } from '../documents/json-schema.ts';
import {
  importExport,
  oceanStatusCategories,
  statusSources,
  terminalEventCategories,
} from '../feeds/tracking/codes.ts';
import { oceanContainerEventSchema } from '../feeds/tracking/ocean.ts';
import { terminalEventSchema } from '../feeds/tracking/terminal.ts';

/**
 * The ocean `result` and the terminal `result.shipment` as the tracking queries answer them and
 * the pushes carry them (query spec §3; projections/src/tracking/answers.ts renders them), field
 * by field for the docs centre's response tables and the OpenAPI. Each part the feeds state is
 * the feed's own schema (schemas/src/feeds/tracking), so the answer is documented in the terms a
 * provider reports in; what the projection adds (source, isExport, eventCategory, the derived
 * status) is declared here.
 */
const enumOf = (codes: Readonly<Record<string, readonly [string, string]>>) => ({
  type: 'string' as const,
  enum: Object.keys(codes),
  'x-enum-titles': Object.fromEntries(Object.entries(codes).map(([code, [cn]]) => [code, cn])),
  'x-enum-titles-en': Object.fromEntries(Object.entries(codes).map(([code, [, en]]) => [code, en])),
});

const feedPart = (schema: JsonSchema, name: string): JsonSchema => {
  const part = schema.properties?.[name];
  if (!part) throw new Error(`the feed schema has no ${name}`);
  return part;
};

const ocean = (name: string) => feedPart(oceanContainerEventSchema, name);
const oceanEvent = ocean('events').items!;
const source = t(
  '数据来源（1 船公司，0 港区，§9）',
  'Source (1 carrier, 0 port area, §9)',
  enumOf(statusSources),
);

/** A container's status event: the node event, who reported it, and for a port area's its port and direction. */
const statusEvent: JsonSchema = t('节点事件', 'Node event', {
  type: 'object',
  properties: {
    ...oceanEvent.properties,
    source,
    isExport: t(
      '进出口（港区事件：报告的 isExport）',
      "Import or export (a port area's event: its report's isExport)",
      enumOf(importExport),
    ),
  },
});

export const oceanResultSchema: JsonSchema = t(
  '跟踪结果（查询的 data.result，推送的 result）',
  'Result (data.result of the query, result of the push)',
  {
    type: 'object',
    required: ['billNo', 'statusCategory'],
    properties: {
      billNo: t('提单号或订舱号', 'Bill of lading or booking number'),
      containerNo: t('箱号（按箱号查询时；否则为空串）', 'Container number (when asked by one; else empty)'),
      isBillNo: t('是否按提单查询：Y 是，N 按箱号', 'Asked by bill: Y yes, N by container'),
      endTime: t('完结时间', 'End time'),
      statusCategory: t('跟踪状态（§4）', 'Status category (§4)', enumOf(oceanStatusCategories)),
      carrier: {
        ...ocean('carrier'),
        title: '船公司（未给 carrierCode 时不返回，§5）',
        'x-title-en': 'Carrier (left out without a carrierCode, §5)',
      },
      receipt: ocean('receipt'),
      delivery: ocean('delivery'),
      firstVessel: ocean('firstVessel'),
      currentStatus: t(
        '当前状态：最新实际事件，否则最早的预计事件（无事件时为 null）',
        'Current status: the latest actual event, else the first estimate (null without events)',
        { type: 'object', properties: { ...oceanEvent.properties, source } },
      ),
      places: ocean('places'),
      routes: ocean('routes'),
      terminalPlan: ocean('terminalPlan'),
      containers: t('集装箱及其节点事件', 'Containers and their node events', {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            ...ocean('containers').items!.properties,
            status: t('节点事件（按事件时间）', 'Node events (in event time)', {
              type: 'array',
              items: statusEvent,
            }),
          },
        },
      }),
      vessel: ocean('vessel'),
      document: ocean('document'),
    },
  },
);

const terminal = (name: string) => feedPart(terminalEventSchema, name);

/** A terminal event list with the eventCategory the answer adds (projections/src/tracking/answers.ts). */
const terminalEvents = (name: keyof typeof terminalEventCategories): JsonSchema => {
  const list = terminal(name);
  const category = terminalEventCategories[name];
  return {
    ...list,
    items: {
      ...list.items!,
      properties: {
        ...list.items!.properties,
        eventCategory: t(
          `事件大类：${category}（所在列表）`,
          `Event category: ${category} (the list it is in)`,
        ),
      },
    },
  };
};

export const terminalResultSchema: JsonSchema = t(
  '跟踪结果（查询的 data.result，推送的 result）',
  'Result (data.result of the query, result of the push)',
  {
    type: 'object',
    required: ['shipment'],
    properties: {
      shipment: t('运单', 'Shipment', {
        type: 'object',
        required: ['businessNumber', 'status'],
        properties: {
          businessNumber: terminal('businessNumber'),
          tradeType: terminal('tradeType'),
          shipmentDocuments: terminal('shipmentDocuments'),
          status: {
            ...terminal('status'),
            title: '业务状态（出口实际离港、进口实际出闸后为 COMPLETE）',
            'x-title-en':
              'Business status (COMPLETE after an actual departure (export) or gate-out (import))',
          },
          shipmentEquipments: terminal('shipmentEquipments'),
          equipmentEvents: terminalEvents('equipmentEvents'),
          transportEvents: terminalEvents('transportEvents'),
          shipmentEvents: terminalEvents('shipmentEvents'),
          shipmentLocations: terminal('shipmentLocations'),
          transports: terminal('transports'),
        },
      }),
    },
  },
);
