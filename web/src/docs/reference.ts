import { documentTypes, type JsonSchema } from '@tradelog/schemas/documents/catalogue';
import { examples as documentExamples } from '@tradelog/schemas/documents/examples';
import { queryResponseSchema } from '@tradelog/schemas/openapi/queryResponses';
import {
  type Bilingual,
  type PushHeader,
  pushHeaders,
  replyContract,
  webhookOfDoc,
} from '@tradelog/schemas/openapi/webhooks';
import { type QueryType, queryTypes } from '@tradelog/schemas/queries/catalogue';
import { examples as queryExamples } from '@tradelog/schemas/queries/examples';
import type { Locale } from '../app/routes.ts';
import { type ResponseRow, responseRows, responseRowsOf } from './fieldRows.ts';

/**
 * The docs centre's menu groups: the submission spec's two (logistics, business; §1), the
 * query spec's "digital service output" group, id `logistics2` (query spec §1), and the
 * providers' feed documents (shown only when the catalogue has some).
 */
export type ReferenceGroup = 'logistics' | 'business' | 'logistics2' | 'feeds';

/**
 * One page of the reference. Submission pages use the spec's `pod_api` ids; the query spec's
 * pages use its menu ids (`qyBuy`, `kdMap` …). An entry whose interface is not in the query
 * catalogue yet is listed with `available: false` and says so; it is filled from the catalogue
 * as soon as the interface lands there. Push pages are filled from the webhooks' declaration.
 */
export interface ReferenceEntry {
  docId: string;
  group: ReferenceGroup;
  title: { cn: string; en: string };
  available: boolean;
  path: string;
  schema: JsonSchema;
  example: unknown;
  responseRows: ResponseRow[];
  /** A sentence on what the answer holds (query interfaces), in both languages. */
  responseNote?: { cn: string; en: string };
  /** Submission interfaces: the log topic and partition key. */
  log?: { topic: string; keyField: string };
  kind: 'submission' | QueryType['kind'] | 'push';
  /** Push pages: the docId of the subscription that asks for the push. */
  subscribedBy?: string;
  /** GET for the vessel look-ups (query spec §7); POST otherwise. */
  method?: 'GET' | 'POST';
  /**
   * Push pages: what Tradelog sends to the subscriber's callbackUrl, from the same declaration
   * as query-api's OpenAPI `webhooks` (schemas/src/openapi/webhooks.ts). `schema` is then the
   * payload, `responseRows` the receiver's reply.
   */
  push?: PushPage;
}

export interface PushPage {
  description: Bilingual;
  headers: readonly PushHeader[];
  reply: JsonSchema;
  replyExample: unknown;
  contract: Bilingual;
  retries: Bilingual;
}

/**
 * The `logistics2` menu in the spec's order (query spec §1). The spec lists the ids without
 * saying which interface each names; the mapping is our reading of the abbreviations (qy =
 * enterprise, kd = express, kdgj = express tracking, ky = air, hc = truck, cb = vessel, mt =
 * terminal, qqhy = global ocean, …) and the family names of §1, written down in web/README.md.
 * `queries` lists the query-catalogue ids that serve the entry, first found wins: some arrive
 * with the tracking, reference-data and enterprise-data interfaces. `push` entries describe a
 * push to the subscriber's callbackUrl and name the subscription entry that asks for it.
 */
interface MenuItem {
  docId: string;
  title: { cn: string; en: string };
  queries?: readonly string[];
  push?: string;
}
const item = (
  docId: string,
  cn: string,
  en: string,
  queries: readonly string[] = [],
  push?: string,
): MenuItem => ({
  docId,
  title: { cn, en },
  queries,
  ...(push ? { push } : {}),
});

export const logistics2Menu: readonly MenuItem[] = [
  item('qyBuy', '企业采购订单查询', 'Enterprise purchase orders', ['purchaseOrders']),
  item('qyTb', '企业销售订单查询（对企业）', 'Enterprise sales to business', ['salesToBusiness']),
  item('qyTc', '企业销售订单查询（对个人）', 'Enterprise sales to consumer', ['salesToConsumer']),
  item('kdMap', '快递即时查询（地图版）', 'Express instant query (map version)', [
    'expressRouteMapInstantQuery',
    'expressMapQuery',
    'expressInstantQueryMap',
  ]),
  item('kdgjMap', '快递轨迹订阅（地图版）', 'Express tracking subscription (map version)', [
    'expressRouteMapSubscription',
  ]),
  item('kyzhgz', '空运追踪订阅', 'Air cargo tracking subscription', [
    'airSubscription',
    'airTrackingSubscription',
    'airTracking',
  ]),
  item('kyzhgzSend', '空运追踪推送', 'Air cargo tracking push', [], 'kyzhgz'),
  item('qybgxx', '企业报关信息查询', 'Enterprise customs declarations', ['customsDeclarations']),
  item('hxcqxx', '航线船期查询', 'Route (sailing) schedules', [
    'routeSchedule',
    'sailingSchedule',
    'routeSchedules',
  ]),
  item('mttbjh', '码头船舶计划查询', 'Terminal vessel plans', [
    'terminalVesselPlan',
    'vesselPlan',
    'terminalVesselPlans',
  ]),
  item('qqhbjh', '全球航班计划查询', 'Global flight schedules', ['flightSchedule', 'flightSchedules']),
  item('kdText', '快递即时查询（文字版）', 'Express instant query (text version)', [
    'expressQuery',
    'expressInstantQuery',
  ]),
  item('kdgjText', '快递轨迹订阅（文字版）', 'Express tracking subscription (text version)', [
    'expressSubscription',
  ]),
  item('kdgjPush', '快递轨迹推送', 'Express tracking push', [], 'kdgjText'),
  item('qyLogistics', '企业关联节点查询', 'Enterprise link-node query', ['linkNode']),
  // Ours, not the spec's (web/README.md "Docs centre menu"): a financing's collateral exposure
  // beside the link-node query that draws the same financing's chain.
  item('qyCollateral', '融资押品重复查询', 'Financing collateral exposure', ['collateralExposure']),
  item('ccjy', '仓储经营指标（已废弃）', 'Warehouse operating indicators (deprecated)', [
    'warehouseIndicators',
    'warehouseOperatingIndicators',
  ]),
  item('hcdw', '货车定位', 'Truck positioning', ['truckPosition', 'truckPositioning', 'truckLocation']),
  item('hczh', '货车综合轨迹', 'Truck integrated tracking', [
    'truckTrack',
    'truckTracking',
    'truckIntegratedTracking',
  ]),
  item('qqhyzh', '全球海运集装箱追踪', 'Global ocean container tracking', ['oceanTracking']),
  item('qqhyzhSend', '海运集装箱追踪推送', 'Ocean container tracking push', [], 'qqhyzh'),
  item('cbArchive', '船舶档案查询', 'Vessel archive', ['vesselArchive']),
  item('mtjzjh', '码头集装箱追踪', 'Terminal container tracking', ['terminalTracking']),
  item('mtjzjhSend', '码头集装箱追踪推送', 'Terminal container tracking push', [], 'mtjzjh'),
  item('cbAis', '船舶 AIS 位置查询', 'Vessel AIS position', ['vesselAis', 'vesselPosition']),
  // Air tracking answers the query and, with a callbackUrl, subscribes (one interface, two entries).
  item('qkyzh', '空运追踪查询', 'Air cargo tracking query', ['airQuery', 'airTrackingQuery', 'airTracking']),
  item('gyysxx', '国际运输单据查询', 'International transport bill', [
    'transportBill',
    'internationalTransportBill',
    'billQuery',
  ]),
  item('qyStock', '企业库存查询', 'Enterprise inventory', ['inventory']),
  item('qySw', '企业税务信息查询', 'Enterprise tax information', [
    'taxInformation',
    'enterpriseTax',
    'taxInfo',
  ]),
  item('qyTbEc', '电商销售数据（对企业）', 'E-commerce sales to business', [
    'ecommerceSalesToB',
    'ecommerceSalesToBusiness',
  ]),
  item('qyTcEc', '电商销售数据（对个人）', 'E-commerce sales to consumer', [
    'ecommerceSalesToC',
    'ecommerceSalesToConsumer',
  ]),
  item('qyGoods', '企业商品查询', 'Enterprise goods', ['goods']),
  item('qyStockSummary', '仓储汇总查询', 'Warehouse summary', ['warehouseSummary']),
  item('qyWarehouse', '在仓数据查询', 'In-warehouse data', [
    'inWarehouse',
    'inWarehouseData',
    'warehouseData',
  ]),
  item('qyInbound', '入库明细查询', 'Inbound details', ['inboundDetails']),
  item('qyOutbound', '出库明细查询', 'Outbound details', ['outboundDetails']),
  item('qyPayment', '回款账户监控', 'Payment account monitor', [
    'paymentAccounts',
    'paymentAccount',
    'paymentAccountMonitor',
  ]),
  item('qyBrand', '品牌排行查询', 'Brand ranking', ['brandRanking', 'brandRankings']),
];

const queryById = new Map<string, QueryType>(queryTypes.map((type) => [type.id, type]));
const examples = queryExamples as Readonly<Record<string, unknown>>;
const nothing: JsonSchema = { type: 'object' };

function logistics2Entry(menu: MenuItem): ReferenceEntry {
  const webhook = menu.push ? webhookOfDoc(menu.docId) : undefined;
  if (menu.push && webhook) {
    return {
      docId: menu.docId,
      group: 'logistics2',
      title: menu.title,
      available: true,
      path: 'callbackUrl',
      schema: webhook.payload,
      example: webhook.example,
      responseRows: responseRowsOf(webhook.reply),
      kind: 'push',
      subscribedBy: menu.push,
      method: 'POST',
      push: {
        description: webhook.description,
        headers: pushHeaders,
        reply: webhook.reply,
        replyExample: webhook.replyExample,
        contract: replyContract,
        retries: webhook.retries,
      },
    };
  }
  const type = menu.queries?.map((id) => queryById.get(id)).find((found) => found !== undefined);
  if (!type) {
    return {
      docId: menu.docId,
      group: 'logistics2',
      title: menu.title,
      available: false,
      path: '',
      schema: nothing,
      example: undefined,
      responseRows: [],
      kind: menu.push ? 'push' : 'query',
      ...(menu.push ? { subscribedBy: menu.push } : {}),
    };
  }
  return {
    docId: menu.docId,
    group: 'logistics2',
    title: menu.title,
    available: true,
    path: type.path,
    schema: type.request,
    example: examples[type.id],
    responseRows: responseRowsOf(queryResponseSchema(type.id, type.title)),
    responseNote: type.response,
    kind: type.kind,
    method: type.method ?? 'POST',
  };
}

/** Query-catalogue interfaces the menu does not name yet still get a page (never hidden). */
const mapped = new Set(logistics2Menu.flatMap((menu) => menu.queries ?? []));
const unmapped = queryTypes.filter((type) => !mapped.has(type.id));

export const referenceEntries: readonly ReferenceEntry[] = [
  ...documentTypes.map(
    (type): ReferenceEntry => ({
      docId: `${type.id}_api`,
      // Providers' feed documents (tracking, reference, enterprise data) are not in the
      // submission spec's two groups: they get a group of their own after the spec's.
      group: type.group === 'logistics' || type.group === 'business' ? type.group : 'feeds',
      title: type.title,
      available: true,
      path: type.path,
      schema: type.schema,
      example: documentExamples[type.id],
      responseRows: responseRows(type.response),
      log: { topic: type.topic, keyField: type.keyField },
      kind: 'submission',
    }),
  ),
  ...logistics2Menu.map(logistics2Entry),
  ...unmapped.map((type) =>
    logistics2Entry({ docId: `query_${type.id}_api`, title: type.title, queries: [type.id] }),
  ),
];

/** Earlier page ids of the query interfaces (`query_linkNode_api`) still open their page. */
const aliases = new Map<string, string>(
  logistics2Menu.flatMap((menu) =>
    (menu.queries ?? []).map((id) => [`query_${id}_api`, menu.docId] as const),
  ),
);

export const referenceOf = (docId: string): ReferenceEntry | undefined => {
  const id = aliases.get(docId) ?? docId;
  return referenceEntries.find((entry) => entry.docId === id);
};

/** The call a page ends with: a GET with its example as the query string, else a POST with it as the JSON body. */
export function exampleCall(entry: Pick<ReferenceEntry, 'method' | 'path' | 'example'>): string {
  return entry.method === 'GET'
    ? `GET ${entry.path}?${new URLSearchParams(entry.example as Record<string, string>)}\nAuthorization: Bearer <key>`
    : `POST ${entry.path}\nContent-Type: application/json\nAuthorization: Bearer <key>\n\n${JSON.stringify(entry.example, null, 2)}`;
}

/** Reference page ids as the spec writes them (docsDetail-pod_api.html). */
export const docId = (type: { id: string }) => `${type.id}_api`;

/**
 * The interface documentation's update stamp: 13 July 2022 in both specs (query spec §9
 * "Documentation update stamps"; submission spec §1), shown on the docs centre's pages.
 */
export const documentationStamp = '2022-07-13';

export function stampText(locale: Locale): string {
  const [year, month, day] = documentationStamp.split('-').map(Number) as [number, number, number];
  if (locale === 'cn') return `${year}年${month}月${day}日`;
  const months = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ];
  return `${day} ${months[month - 1]} ${year}`;
}
