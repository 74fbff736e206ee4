import { type EnterpriseFeedTypeId, enterpriseFeeds } from '../feeds/enterprise/catalogue.ts';
import {
  aisPositionFeedSchema,
  carrierFeedSchema,
  flightFeedSchema,
  routeScheduleFeedSchema,
  transportBillFeedSchema,
  truckPositionFeedSchema,
  vesselArchiveFeedSchema,
  vesselPlanFeedSchema,
} from '../feeds/reference/index.ts';
import { type TrackingFeedId, trackingFeeds } from '../feeds/tracking/catalogue.ts';
import { bondedEcLogisticsSchema } from './bonded-ec-logistics.ts';
import { checkSchema } from './check.ts';
import { clearanceSchema } from './clearance.ts';
import { goodsSchema } from './goods.ts';
import { inboundSchema } from './inbound.ts';
import { internalTransportSchema } from './internal-transport.ts';
import { type JsonSchema, withoutIntakeRules } from './json-schema.ts';
import { ondedEcOrderSchema } from './onded-ec-order.ts';
import { outboundSchema } from './outbound.ts';
import { podSchema } from './pod.ts';
import { purchaseSchema } from './purchase.ts';
import { saleOrderToBSchema } from './sale-order-to-b.ts';
import { saleOrderToCSchema } from './sale-order-to-c.ts';
import { synchronizeGoodsSchema } from './synchronize-goods.ts';
import { tallySchema } from './tally.ts';

export type { JsonSchema } from './json-schema.ts';

/**
 * The topic catalogue: the log's contract for the 14 partner documents (submission spec §1,
 * §3, §7). One topic per document type, kept forever (the log is the source of truth), keyed
 * by the document's business key so that every version of one document lands on one
 * partition, in order.
 */
export type DocumentTypeId =
  | 'pod'
  | 'internalTransport'
  | 'inbound'
  | 'outbound'
  | 'check'
  | 'ondedEcOrder'
  | 'bondedEcLogistics'
  | 'goods'
  | 'tally'
  | 'clearance'
  | 'purchase'
  | 'saleOrderToB'
  | 'saleOrderToC'
  | 'synchronizeGoods'
  | ReferenceFeedTypeId
  | EnterpriseFeedTypeId
  | TrackingFeedId;

/** The logistics reference feeds (query spec §3, §7): providers' data behind the vessel, bill, schedule, flight and truck look-ups. */
export type ReferenceFeedTypeId =
  | 'vesselArchiveFeed'
  | 'aisPositionFeed'
  | 'transportBillFeed'
  | 'routeScheduleFeed'
  | 'vesselPlanFeed'
  | 'flightFeed'
  | 'truckPositionFeed'
  | 'carrierFeed';

export interface DocumentType {
  id: DocumentTypeId;
  /**
   * The submission spec's two menu groups (§1): logistics (10 entries) and business (4); feeds
   * from outside providers have groups of their own (ARCHITECTURE "Feeds are documents too").
   */
  group: 'logistics' | 'business' | 'reference' | 'enterprise-feed' | 'tracking';
  title: { cn: string; en: string };
  /** The HTTP path (§7); for `productPrefixed` ones a template with `{product}` for ingest to fill. */
  path: string;
  productPrefixed: boolean;
  topic: string;
  /** The business key, a top-level field every valid document carries; the Kafka record key. */
  keyField: string;
  partitions: number;
  retention: 'forever';
  schema: JsonSchema;
  /**
   * The response shape: §3.15 common, e-commerce (adds entOrderNo, status), goods import (§3.8),
   * tally (§8 tally codes Success and Error).
   */
  response: 'common' | 'ecommerce' | 'goods' | 'tally';
  /**
   * For a feed: the family a provider's account must be granted to submit it (README "Partner
   * grants"; `npm run keys -- grant ACCOUNT --feed tracking.express`). Documents have none.
   */
  feedFamily?: string;
}

const partitions = 6;

/**
 * The schema registered for a type's topic, the log's writer schema: its validation schema
 * without intake rules (schemas/README.md "Intake rules").
 */
export function writerSchemaOf(type: Pick<DocumentType, 'schema'>): JsonSchema {
  return withoutIntakeRules(type.schema);
}

function documentTypeOf(
  id: DocumentTypeId,
  group: DocumentType['group'],
  path: string,
  keyField: string,
  schema: JsonSchema,
  response: DocumentType['response'] = 'common',
): DocumentType {
  if (!schema.required?.includes(keyField)) {
    // A key that may be absent would scatter one document's versions across partitions.
    throw new Error(`${id}: key field ${keyField} must be required by its schema`);
  }
  return {
    id,
    group,
    title: { cn: schema.title ?? id, en: schema['x-title-en'] ?? id },
    path,
    productPrefixed: path.includes('{product}'),
    topic: `tradelog.doc.${id}.v1`,
    keyField,
    partitions,
    retention: 'forever',
    schema,
    response,
  };
}

// Paths (§7): the spec gives "path ending doc/…/accept" for the first eight; we complete
// them like tally's explicit /api/v2/doc/tally/accept. The {product} forms are as written.
const direct = (ending: string) => `/api/v2/${ending}`;
const productOrder = (ending: string) => `/{product}/{product}-order/api/${ending}`;

export const documentTypes: readonly DocumentType[] = Object.freeze([
  documentTypeOf('pod', 'logistics', direct('doc/pod/accept'), 'entOrderNo', podSchema),
  documentTypeOf(
    'internalTransport',
    'logistics',
    direct('doc/internalTransport/accept'),
    'entOrderNo',
    internalTransportSchema,
  ),
  documentTypeOf('inbound', 'logistics', direct('doc/inbound/accept'), 'entOrderNo', inboundSchema),
  documentTypeOf('outbound', 'logistics', direct('doc/outbound/accept'), 'entOrderNo', outboundSchema),
  documentTypeOf('check', 'logistics', direct('doc/check/accept'), 'entOrderNo', checkSchema),
  documentTypeOf(
    'ondedEcOrder',
    'logistics',
    direct('doc/ondedEcOrder/accept'),
    'entOrderNo',
    ondedEcOrderSchema,
    'ecommerce',
  ),
  documentTypeOf(
    'bondedEcLogistics',
    'logistics',
    direct('doc/bondedEcLogistics/accept'),
    'entOrderNo',
    bondedEcLogisticsSchema,
    'ecommerce',
  ),
  documentTypeOf('goods', 'logistics', direct('md/goods/import'), 'entInsideNo', goodsSchema, 'goods'),
  documentTypeOf('tally', 'logistics', direct('doc/tally/accept'), 'orderNo', tallySchema, 'tally'),
  documentTypeOf(
    'clearance',
    'logistics',
    '/{product}-order/api/v2/doc/clearance/accept',
    'entOrderNo',
    clearanceSchema,
  ),
  documentTypeOf(
    'purchase',
    'business',
    productOrder('v2/doc/purchase/accept'),
    'entOrderNo',
    purchaseSchema,
  ),
  documentTypeOf(
    'saleOrderToB',
    'business',
    productOrder('v2/doc/saleOrderToB/accept'),
    'entOrderNo',
    saleOrderToBSchema,
  ),
  documentTypeOf(
    'saleOrderToC',
    'business',
    productOrder('v2/doc/saleOrderToC/accept'),
    'customerCode',
    saleOrderToCSchema,
  ),
  documentTypeOf(
    'synchronizeGoods',
    'business',
    productOrder('md/synchronize/goods/import'),
    'barCode',
    synchronizeGoodsSchema,
  ),
  ...referenceFeeds(),
  // Providers report a few documents per enterprise a day: three partitions are plenty.
  ...enterpriseFeeds.map((feed) => ({
    ...documentTypeOf(feed.id, 'enterprise-feed', feed.path, feed.keyField, feed.schema),
    partitions: 3,
    feedFamily: `enterprise.${feed.id}`,
  })),
  // Tracking feeds go to tradelog.feed.* topics, six partitions each.
  ...trackingFeeds.map((feed) => ({
    ...documentTypeOf(
      feed.id,
      'tracking',
      `/api/v2/feed/tracking/${feed.family}`,
      feed.keyField,
      feed.schema,
    ),
    topic: `tradelog.feed.${feed.id}.v1`,
    partitions: 6,
    feedFamily: `tracking.${feed.family}`,
  })),
]);

/**
 * The reference feeds (ARCHITECTURE "Feeds are documents too"): submitted by providers with
 * partner keys at `/api/v2/feed/reference/<type>`, each on its own topic kept forever. Record
 * keys keep each vessel, bill owner, carrier, vessel's calls, flight and truck in order.
 */
function referenceFeeds(): DocumentType[] {
  const feed = (id: ReferenceFeedTypeId, keyField: string, schema: JsonSchema): DocumentType => ({
    ...documentTypeOf(id, 'reference', `/api/v2/feed/reference/${id}`, keyField, schema),
    feedFamily: `reference.${id.replace(/Feed$/, '')}`,
  });
  return [
    feed('vesselArchiveFeed', 'mmsi', vesselArchiveFeedSchema),
    feed('aisPositionFeed', 'mmsi', aisPositionFeedSchema),
    feed('transportBillFeed', 'customerCode', transportBillFeedSchema),
    feed('routeScheduleFeed', 'carriercd', routeScheduleFeedSchema),
    feed('vesselPlanFeed', 'vesselNameEn', vesselPlanFeedSchema),
    feed('flightFeed', 'flightId', flightFeedSchema),
    feed('truckPositionFeed', 'vclN', truckPositionFeedSchema),
    feed('carrierFeed', 'carrierCode', carrierFeedSchema),
  ];
}

const byId = new Map(documentTypes.map((type) => [type.id, type]));

/** Every feed family a provider can be granted, in catalogue order. */
export const feedFamilies: readonly string[] = [
  ...new Set(documentTypes.flatMap((type) => (type.feedFamily === undefined ? [] : [type.feedFamily]))),
];

export function documentType(id: DocumentTypeId): DocumentType {
  const type = byId.get(id);
  if (!type) throw new Error(`unknown document type "${id}"`);
  return type;
}
