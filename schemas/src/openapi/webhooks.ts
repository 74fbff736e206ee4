import { type JsonSchema, titledList as objects, titled as t } from '../documents/json-schema.ts';
import { oceanResultSchema, terminalResultSchema } from './trackingResults.ts';

/**
 * The pushes Tradelog sends to a subscriber's callbackUrl (query spec §3 payloads and replies,
 * §4 "Subscription flow", §5 receivers, §8 failure and `retriable`, §9 limits and express
 * retries), declared once: query-api's OpenAPI `webhooks` section and the docs centre's push
 * pages (`kdgjPush`, `kyzhgzSend`, `qqhyzhSend`, `mtjzjhSend`) both render from here. The bodies
 * are what `projections/src/push/payloads.ts` renders; headers and the reply's handling are
 * processors/src/push/README.md's ("Headers", "Delivered, failed, retried").
 */
export interface Bilingual {
  cn: string;
  en: string;
}

export interface PushHeader {
  name: string;
  example: string;
  description: Bilingual;
}

export interface Webhook {
  /** The OpenAPI `webhooks` key. */
  name: string;
  /** The push families of projections/src/push/families.ts it serves. */
  families: readonly string[];
  /** The docs centre's page (query spec §1 menu id), when the spec has one. */
  docId?: string;
  title: Bilingual;
  description: Bilingual;
  payload: JsonSchema;
  example: unknown;
  reply: JsonSchema;
  replyExample: unknown;
  /** When a failed push is tried again (§8, §9). */
  retries: Bilingual;
}

const object = (
  title: string,
  titleEn: string,
  properties: Record<string, JsonSchema>,
  required?: string[],
) => t(title, titleEn, { type: 'object', properties, ...(required ? { required } : {}) });

/** Every push carries these (Standard Webhooks signing; §8, §9 retry-count). */
export const pushHeaders: readonly PushHeader[] = [
  {
    name: 'content-type',
    example: 'application/json',
    description: { cn: '推送正文为 JSON', en: 'The body is JSON' },
  },
  {
    name: 'webhook-id',
    example: '0b7c5c1e-5f4e-4f7e-9a51-3f1b2e0c9d11',
    description: {
      cn: '变更事件编号：重试与重新推送时不变，接收方据此去重（幂等）',
      en: "The change event's id: the same on every retry and redelivery — the receiver's idempotency key",
    },
  },
  {
    name: 'webhook-timestamp',
    example: '1720857600',
    description: {
      cn: '本次推送的时间（Unix 秒）',
      en: 'Seconds since the epoch at this attempt',
    },
  },
  {
    name: 'webhook-signature',
    example: 'v1,<base64 HMAC-SHA256>',
    description: {
      cn: 'v1,<base64 HMAC-SHA256(密钥, "<webhook-id>.<webhook-timestamp>.<正文>")>；密钥为订阅密钥 whsec_ 之后部分的 base64 解码（Standard Webhooks）',
      en: 'v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<body>")>; key = the base64 after whsec_ in the subscription\'s secret (Standard Webhooks)',
    },
  },
  {
    name: 'retry-count',
    example: '0',
    description: {
      cn: '此前已推送的次数：首次 0，重试时 1、2……（重新推送时继续累加）',
      en: 'Attempts made before this one: 0 on the first push, then 1, 2, … (keeps counting over redeliveries)',
    },
  },
  {
    name: 'tradelog-sequence',
    example: '3',
    description: {
      cn: '同一对象（运单、提单……）的推送序号，按变化顺序递增',
      en: 'The per-subject sequence number, rising in the order of the changes',
    },
  },
  {
    name: 'tradelog-subject',
    example: 'ocean%2Fbill%2FCOSU6287451230',
    description: {
      cn: '推送对象（URI 编码）',
      en: 'The subject, URI-encoded',
    },
  },
];

/** The reply of ocean, terminal, air and change pushes (§3 Ocean "Reply", §8). */
const flagReply = object(
  '接收方应答',
  "Receiver's reply",
  {
    ok: t('是否接收成功（false 即推送失败）', 'Taken (false fails the push)', { type: 'boolean' }),
    errorCode: t('错误码', 'Error code'),
    errorMessage: t('错误说明', 'Error message'),
    retriable: t(
      '为 true 时稍后重试；否则只推送这一次',
      'true: the push is retried later; otherwise it is pushed only once',
      { type: 'boolean' },
    ),
  },
  ['ok'],
);

/** The reply of express pushes (§3 Express "Receiver reply"). */
const expressReply = object(
  '接收方应答',
  "Receiver's reply",
  {
    updateTime: t('接收时间', 'Update time'),
    success: t('是否接收成功（false 即推送失败）', 'Taken (false fails the push)', { type: 'boolean' }),
    reason: t('失败原因', 'Reason (on failure)'),
  },
  ['success'],
);

const contract: Bilingual = {
  cn: '接收方须在 10 秒内返回 HTTP 200（§9）；非 200、超时或 ok/success 为 false 即推送失败（§8）。接收方不得要求用户认证，可在回调地址的查询串中携带 token（§5）。请按 webhook-id 去重：同一推送可能送达不止一次。',
  en: 'The receiver must answer HTTP 200 within 10 seconds (§9); any other status, no answer in time, or ok/success false fails the push (§8). Receivers must not require user authentication; a token may ride in the callback URL’s query string (§5). De-duplicate by webhook-id: a push may arrive more than once.',
};

const flagRetries: Bilingual = {
  cn: '接收方的应答中 retriable 为 true 时按 1、5、15、30 分钟，1、2、4、8 小时重试（约 16 小时）；应答未写 retriable: true（包括不带正文的 500）只推送一次（§8）。未应答（超时、连接失败）按同一时间表重试。',
  en: 'A reply with retriable: true is retried after 1, 5, 15, 30 minutes, 1, 2, 4, 8 hours (about 16 h); a reply without retriable: true — a bare 500 included — is pushed only once (§8). No reply (timeout, connection failure): retried by the same schedule.',
};

const trace = object('轨迹', 'Trace', {
  acceptTime: t('轨迹时间', 'Trace time'),
  acceptStation: t('轨迹描述（最多 500 字）', 'Trace description (at most 500 characters)'),
  location: t('所在城市', 'Location'),
  action: t('轨迹状态（扩展状态码）', 'Action (extended state code)'),
  remark: t('备注', 'Remark'),
});

/**
 * One item of an express push, per version: the text version (`express`) names no map field, the
 * map version (`express-map`) adds routeMapUrl, coordinates and senderCityLatAndLng. Closed
 * (`additionalProperties: false`), so a body carrying a field its version does not name fails
 * the contract test (query-api/src/openapi.unit.test.ts).
 */
const expressItem = (withMap: boolean): JsonSchema => ({
  ...object(
    '推送条目',
    'Push item',
    {
      shipperCode: t('快递公司编码', 'Carrier code'),
      logisticCode: t('运单号', 'Waybill number'),
      orderCode: t('订单编号', 'Order code'),
      success: t('是否成功', 'Succeeded', { type: 'boolean' }),
      reason: t(
        '说明（最多 50 字）：运单尚无轨迹（state 为 0）时为“暂无轨迹信息”',
        'Reason (at most 50 characters): 暂无轨迹信息 ("no trace yet") while the parcel has no trace (state 0)',
        { type: 'string', maxLength: 50 },
      ),
      state: t('物流状态（0 无轨迹 … 10 待取件）', 'State (0 no trace … 10 awaiting pickup)'),
      stateEx: t('扩展状态（201 … 604）', 'Extended state (201 … 604)'),
      location: t('当前城市', 'Current location'),
      traces: objects('轨迹（按订阅的 sort 排序）', "Traces (in the subscription's sort order)", trace),
      deliveryManTel: t('派件员电话', "Courier's phone"),
      ...(withMap
        ? {
            routeMapUrl: t('轨迹地图链接（地图版）', 'Route map link (map version)'),
            coordinates: objects(
              '路线坐标',
              'Route coordinates',
              object('坐标', 'Coordinate', {
                latAndLng: t('经纬度', 'Latitude and longitude'),
                location: t('地点', 'Place'),
              }),
            ),
            senderCityLatAndLng: t('寄件城市经纬度', "Sender city's latitude and longitude"),
          }
        : {}),
    },
    ['shipperCode', 'logisticCode', 'success', 'state'],
  ),
  additionalProperties: false,
});

const expressPayload = (withMap: boolean) =>
  object(
    withMap ? '快递轨迹推送（地图版）' : '快递轨迹推送（文字版）',
    withMap ? 'Express tracking push (map version)' : 'Express tracking push (text version)',
    {
      pushTime: t('推送时间（yyyy-MM-dd HH:mm:ss，北京时间）', 'Push time (yyyy-MM-dd HH:mm:ss, UTC+8)'),
      count: t(
        '条目数（data 的条数；每次推送一个运单，即 "1"）',
        'Number of items in data (one parcel a push: "1")',
        {
          type: 'string',
          maxLength: 2,
        },
      ),
      data: objects('推送条目', 'Items', expressItem(withMap)),
    },
    ['pushTime', 'count', 'data'],
  );

const expressTraces = [
  { acceptTime: '2022-07-12 18:20:41', acceptStation: '已收取快件', action: '1', location: '深圳市' },
  {
    acceptTime: '2022-07-13 09:40:03',
    acceptStation: '已签收，签收人：本人',
    action: '301',
    location: '上海市',
  },
];
const expressExampleItem = {
  shipperCode: 'SF',
  logisticCode: 'SF1425367689012',
  success: true,
  state: '3',
  stateEx: '301',
  location: '上海市',
  traces: expressTraces,
};
const expressRetries: Bilingual = {
  cn: '失败后重试两次：15 分钟后、30 分钟后，然后停止（§9）；应答写 retriable: false 时不再重试。',
  en: 'A failed push is retried twice, after 15 and 30 minutes, then stops (§9); a reply saying retriable: false is not retried.',
};

const oceanPayload = object(
  '海运集装箱追踪推送',
  'Ocean container tracking push',
  {
    params: object(
      '订阅参数',
      'Subscription parameters',
      {
        referenceno: t('订阅编号', 'Subscription id'),
        subscriptions: objects(
          '订阅参数列表',
          'Subscription parameters',
          object('订阅参数', 'Parameters', {
            CARRIER_CD: t(
              '船公司代码（订阅的 carrierCode）',
              "Carrier code (the subscription's carrierCode)",
            ),
            REFERENCE_NO: t('提单号', 'Bill number'),
            CTNRNO: t('箱号', 'Container number'),
            IEMARK: t('进出口标志（订阅的 isExport）', "Import/export mark (the subscription's isExport)"),
            POL: t('港口代码（订阅的 portCode）', "Port code (the subscription's portCode)"),
            DTP: t('交货地代码（未知时为空）', 'Place of delivery code (empty while unknown)'),
          }),
        ),
      },
      ['referenceno', 'subscriptions'],
    ),
    result: oceanResultSchema,
  },
  ['params', 'result'],
);

const terminalPayload = object(
  '码头集装箱追踪推送',
  'Terminal container tracking push',
  {
    params: object(
      '订阅参数',
      'Subscription parameters',
      {
        businessNumber: t('提单号或箱号', 'Bill or container number'),
        portCode: t('港口代码', 'Port code'),
        ieid: t('进出口（E 出口，I 进口）', 'Import or export (E export, I import)', {
          type: 'string',
          enum: ['E', 'I'],
        }),
      },
      ['businessNumber', 'portCode', 'ieid'],
    ),
    result: terminalResultSchema,
  },
  ['params', 'result'],
);

const airPayload = object(
  '空运追踪推送',
  'Air cargo tracking push',
  {
    params: object(
      '订阅参数',
      'Subscription parameters',
      { businessNumber: t('运单号', 'Air waybill number') },
      ['businessNumber'],
    ),
    statusCode: t('状态码（20000 有数据）', 'Status code (20000 data)', { type: 'integer' }),
    message: t('说明', 'Message'),
    data: objects(
      '运单（与空运查询的 data 相同）',
      'Waybills (as the air query answers them)',
      object('运单', 'Waybill', {
        businessNumber: t('运单号', 'Air waybill number'),
        origin: t('始发地', 'Origin'),
        status: t('业务状态', 'Business status', { type: 'string', enum: ['PROCESS', 'COMPLETE'] }),
        carrier: t('承运航司（carrierName、carrierCode）', 'Carrier (carrierName, carrierCode)', {
          type: 'object',
        }),
        shipmentEquipments: objects('货物（件数、重量、体积）', 'Cargo (pieces, weight, volume)'),
        shipmentLocations: objects('地点（PRE、PDE）', 'Locations (PRE, PDE)'),
        shipmentEvents: objects('运单事件（BKD、CUS、NFD、RWB）', 'Shipment events (BKD, CUS, NFD, RWB)'),
        transportEvents: objects('运输事件（DEP、ARR）', 'Transport events (DEP, ARR)'),
        equipmentEvents: objects(
          '货物事件（RCS、MAN、RCF、DLV、UNKOWN）',
          'Equipment events (RCS, MAN, RCF, DLV, UNKOWN)',
        ),
      }),
    ),
  },
  ['params', 'statusCode', 'data'],
);

const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] }) as JsonSchema;

const receipt = object(
  '仓单',
  'Warehouse receipt',
  {
    kind: t('押品类型（warehouseReceipt）', 'Kind (warehouseReceipt)'),
    warehouse: t('仓库（规范化）', 'Warehouse (normalised)', nullable({ type: 'string' })),
    number: t('入库单号（规范化）', 'Inbound order number (normalised)'),
  },
  ['kind', 'warehouse', 'number'],
);

const stockFigure = object(
  '库存',
  'Stock',
  { qty: t('数量', 'Quantity', { type: 'number' }), value: t('价值', 'Value', { type: 'number' }) },
  ['qty', 'value'],
);

/**
 * `data` of a `collateral.released` push (processors/README.md "Release and coverage alerts"):
 * the receipt, this enterprise's financings holding it (another enterprise's are never named),
 * the document that took goods out of it, the stock left behind it before and after.
 */
export const releasedData = object(
  '放货预警内容',
  'Release alert',
  {
    collateral: receipt,
    financingOrderNos: t('持有该仓单的本企业未结融资', "This enterprise's open financings holding it", {
      type: 'array',
      items: { type: 'string' },
      minItems: 1,
    }),
    cause: object(
      '原因单据',
      'Causing document',
      {
        kind: t(
          '出库、理货短少或库存报告低于质押数量',
          'An outbound, a tally shortfall or a stock report below the pledge',
          {
            type: 'string',
            enum: ['outbound', 'tally', 'stockReport'],
          },
        ),
        documentType: t('单据类型', 'Document type'),
        documentId: t('单据编号', 'Document id'),
        orderNo: t(
          '单号（库存报告为 null）',
          'Order number (null for a stock report)',
          nullable({ type: 'string' }),
        ),
      },
      ['kind', 'documentType', 'documentId', 'orderNo'],
    ),
    stockLeft: object(
      '仓单剩余库存',
      'Stock left behind the receipt',
      { before: stockFigure, after: stockFigure },
      ['before', 'after'],
    ),
  },
  ['collateral', 'financingOrderNos', 'cause', 'stockLeft'],
);

/** `data` of a `coverage.low` push: the financing, the threshold it fell under, the figures and the cause. */
export const coverageLowData = object(
  '低覆盖率预警内容',
  'Low-coverage alert',
  {
    financingOrderNo: t('融资单号', 'Financing order number'),
    threshold: t('跌破的阈值（本账户的）', 'The threshold it fell under (this account’s)', {
      type: 'number',
    }),
    coverage: object(
      '覆盖率',
      'Coverage',
      {
        before: t(
          '之前（首次评估为 null）',
          'Before (null at a first evaluation)',
          nullable({ type: 'number' }),
        ),
        after: t('之后', 'After', { type: 'number' }),
      },
      ['before', 'after'],
    ),
    stockValue: t(
      '仓单剩余库存价值（有价行）',
      'Value of the stock left behind its receipts (priced lines)',
      { type: 'number' },
    ),
    purchaseAmount: t('采购金额合计', 'Purchase amount', { type: 'number' }),
    unpricedLines: t('无价行数（未计入价值）', 'Lines without a price (not in the value)', {
      type: 'integer',
    }),
    cause: object(
      '原因单据',
      'Causing document',
      {
        documentType: t('单据类型', 'Document type'),
        documentId: t('单据编号', 'Document id'),
        orderNo: t('单号', 'Order number', nullable({ type: 'string' })),
      },
      ['documentType', 'documentId'],
    ),
  },
  ['financingOrderNo', 'threshold', 'coverage', 'stockValue', 'purchaseAmount', 'unpricedLines', 'cause'],
);

const changesPayload: JsonSchema = {
  ...object(
    '企业变化推送',
    'Enterprise change push',
    {
      eventId: t('事件编号（同 webhook-id）', 'Event id (as webhook-id)'),
      type: t('变化类型', 'Change type'),
      projection: t('投影', 'Projection'),
      enterprise: t('企业编码', 'Enterprise code'),
      subject: t('对象', 'Subject'),
      sequence: t('对象内序号', 'Per-subject sequence', { type: 'integer' }),
      occurredAt: t('发生时间', 'Occurred at', { type: 'string', format: 'date-time' }),
      data: t('变化内容', 'What changed', { type: 'object' }),
    },
    ['eventId', 'type', 'projection', 'enterprise', 'subject', 'sequence', 'occurredAt', 'data'],
  ),
  // The alerts' bodies are part of the contract: each kind's data by its own schema.
  allOf: [
    {
      if: { properties: { type: { const: 'collateral.released' } }, required: ['type'] },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable
      then: { properties: { data: releasedData } },
    },
    {
      if: { properties: { type: { const: 'coverage.low' } }, required: ['type'] },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable
      then: { properties: { data: coverageLowData } },
    },
  ],
} as JsonSchema;

export const webhooks: readonly Webhook[] = [
  {
    name: 'expressTrackingPush',
    families: ['express'],
    docId: 'kdgjPush',
    title: { cn: '快递轨迹推送', en: 'Express tracking push' },
    description: {
      cn: '快递轨迹订阅（文字版）的推送：有数据后首次推送，之后轨迹每变化一次推送一次（§4），签收后的退回、异常后再签收同样推送；同一运单两次推送至少间隔一个推送周期（0.5–4 小时，§9）。文字版不含 routeMapUrl、coordinates、senderCityLatAndLng；地图版订阅的推送另含这三项（OpenAPI webhooks 的 expressRouteMapTrackingPush）。',
      en: 'Pushes of the express tracking subscription (text version): a first push once data exists, then one whenever the traces change (§4) — a return or a re-sign after the parcel was signed too; one parcel’s pushes are at least a push cycle apart (0.5–4 h, §9). The text version carries no routeMapUrl, coordinates or senderCityLatAndLng; the map version’s pushes add the three (OpenAPI webhook expressRouteMapTrackingPush).',
    },
    payload: expressPayload(false),
    example: { pushTime: '2022-07-13 10:00:00', count: '1', data: [expressExampleItem] },
    reply: expressReply,
    replyExample: { updateTime: '2022-07-13 10:00:01', success: true, reason: '' },
    retries: expressRetries,
  },
  {
    name: 'expressRouteMapTrackingPush',
    families: ['express-map'],
    title: { cn: '快递轨迹推送（地图版）', en: 'Express tracking push (map version)' },
    description: {
      cn: '快递轨迹订阅（地图版，/open/logistics/kdn/track/subscription/route/map）的推送：与文字版相同，另含轨迹地图链接 routeMapUrl、路线坐标 coordinates 与寄件城市经纬度 senderCityLatAndLng。',
      en: 'Pushes of the express tracking subscription’s map version (/open/logistics/kdn/track/subscription/route/map): as the text version, plus the route map link routeMapUrl, the route coordinates and senderCityLatAndLng.',
    },
    payload: expressPayload(true),
    example: {
      pushTime: '2022-07-13 10:00:00',
      count: '1',
      data: [
        {
          ...expressExampleItem,
          routeMapUrl: 'https://map.example/SF1425367689012',
          coordinates: [
            { latAndLng: '22.543096,114.057865', location: '深圳市' },
            { latAndLng: '31.230416,121.473701', location: '上海市' },
          ],
          senderCityLatAndLng: '22.543096,114.057865',
        },
      ],
    },
    reply: expressReply,
    replyExample: { updateTime: '2022-07-13 10:00:01', success: true, reason: '' },
    retries: expressRetries,
  },
  {
    name: 'airTrackingPush',
    families: ['air'],
    docId: 'kyzhgzSend',
    title: { cn: '空运追踪推送', en: 'Air cargo tracking push' },
    description: {
      cn: '空运追踪订阅的推送，正文与空运查询的应答相同（推送格式规范未给出）：有数据后首次推送，之后每变化一次推送一次（§4）。',
      en: 'Pushes of the air cargo tracking subscription, shaped as the air query answers (the spec shows no push shape): a first push once data exists, then one whenever it changes (§4).',
    },
    payload: airPayload,
    example: {
      params: { businessNumber: '78412345675' },
      statusCode: 20000,
      message: 'success',
      data: [{ businessNumber: '78412345675', status: 'PROCESS', transportEvents: [] }],
    },
    reply: flagReply,
    replyExample: { ok: true },
    retries: flagRetries,
  },
  {
    name: 'oceanTrackingPush',
    families: ['ocean'],
    docId: 'qqhyzhSend',
    title: { cn: '海运集装箱追踪推送', en: 'Ocean container tracking push' },
    description: {
      cn: '海运集装箱追踪订阅的推送，result 与同一时刻查询该订阅参数的应答相同：有数据后首次推送，之后每变化一次推送一次（§4）；按箱号订阅只含该箱，其他箱的变化不推送。订阅未填 carrierCode（仅按 portCode 取港区数据）时不含船公司数据：无 carrier，无 source 为 1 的事件（§5）。提单或箱号在数据源等待期（默认 24 小时）内仍无任何数据时，推送一次 statusCategory 为 NODATA 的结果；之后如有数据，照常推送。',
      en: 'Pushes of the ocean container tracking subscription; result is what the query answers the subscription’s parameters at that moment: a first push once data exists, then one whenever it changes (§4); a subscription by container gets that container only, and no push for another container’s change. A subscription without carrierCode (port data by portCode) gets no carrier data: no carrier, no event of source 1 (§5). A bill or container no provider has reported within the provider window (24 h by default) is pushed once with statusCategory NODATA; data arriving later is pushed as usual.',
    },
    payload: oceanPayload,
    example: {
      params: {
        referenceno: '5f0e8c1a-3f2b-4f7e-9d51-0c1b2e3d4f5a',
        subscriptions: [
          {
            CARRIER_CD: 'COSU',
            REFERENCE_NO: 'COSU6287451230',
            CTNRNO: '',
            IEMARK: 'E',
            POL: 'CNSHA',
            DTP: 'NLRTM',
          },
        ],
      },
      result: { billNo: 'COSU6287451230', containerNo: '', isBillNo: 'Y', statusCategory: 'PROCESS' },
    },
    reply: flagReply,
    replyExample: { ok: false, errorCode: 'BUSY', errorMessage: 'try later', retriable: true },
    retries: flagRetries,
  },
  {
    name: 'terminalTrackingPush',
    families: ['terminal'],
    docId: 'mtjzjhSend',
    title: { cn: '码头集装箱追踪推送', en: 'Terminal container tracking push' },
    description: {
      cn: '码头集装箱追踪订阅的推送（POST /push/shipment，§7）：有数据后首次推送，之后每变化一次推送一次（§4）。',
      en: 'Pushes of the terminal container tracking subscription (POST /push/shipment, §7): a first push once data exists, then one whenever it changes (§4).',
    },
    payload: terminalPayload,
    example: {
      params: { businessNumber: 'COSU6287451230', portCode: 'CNNGB', ieid: 'E' },
      result: { shipment: { businessNumber: 'COSU6287451230', status: 'PROCESS', transportEvents: [] } },
    },
    reply: flagReply,
    replyExample: { ok: true },
    retries: flagRetries,
  },
  {
    name: 'enterpriseChangesPush',
    families: ['changes'],
    title: { cn: '企业变化推送', en: 'Enterprise change push' },
    description: {
      cn: 'Tradelog 自有推送（POST /subscriptions/changes）：企业订单状态、关联节点及企业数据的每个变化，押品重复融资（collateral.reused）；放货预警（collateral.released）与低覆盖率预警（coverage.low）仅推送给在 kinds 中列出它们的订阅，coverage.low 仅推送给跌破其账户阈值的订阅。',
      en: "Tradelog's own push (POST /subscriptions/changes): every change of an enterprise's order status, link-node chains and enterprise feeds, reused collateral (collateral.reused); release alerts (collateral.released) and low-coverage alerts (coverage.low) only to subscriptions naming them in kinds, coverage.low only to those whose account's threshold it crossed.",
    },
    payload: changesPayload,
    example: {
      eventId: '0b7c5c1e-5f4e-4f7e-9a51-3f1b2e0c9d11',
      type: 'order.status-changed',
      projection: 'order-status',
      enterprise: '91310000MA1FL0001X',
      subject: 'purchase/PO1',
      sequence: 3,
      occurredAt: '2022-07-13T02:00:00.000Z',
      data: { kind: 'purchase', orderNo: 'PO1', from: '10', to: '20' },
    },
    reply: flagReply,
    replyExample: { ok: true },
    retries: flagRetries,
  },
];

export const replyContract = contract;

export const webhookOfDoc = (docId: string): Webhook | undefined =>
  webhooks.find((webhook) => webhook.docId === docId);

/** The OpenAPI 3.1 `webhooks` section: one POST per push, headers as header parameters. */
export function openApiWebhooks(strip: (schema: JsonSchema) => JsonSchema = (schema) => schema) {
  return Object.fromEntries(
    webhooks.map((webhook) => [
      webhook.name,
      {
        post: {
          operationId: webhook.name,
          summary: webhook.title.en,
          description: [
            webhook.description.en,
            contract.en,
            `Retries: ${webhook.retries.en}`,
            `Families: ${webhook.families.join(', ')}.`,
            webhook.description.cn,
          ].join('\n\n'),
          'x-summary-cn': webhook.title.cn,
          'x-push-families': webhook.families,
          ...(webhook.docId ? { 'x-doc-id': webhook.docId } : {}),
          // OpenAPI ignores a header parameter named Content-Type: the request body states it.
          parameters: pushHeaders
            .filter((header) => header.name !== 'content-type')
            .map((header) => ({
              name: header.name,
              in: 'header',
              required: true,
              description: header.description.en,
              schema: { type: 'string', example: header.example },
            })),
          requestBody: {
            required: true,
            content: { 'application/json': { schema: strip(webhook.payload), example: webhook.example } },
          },
          responses: {
            '200': {
              description: `Taken. ${contract.en}`,
              content: {
                'application/json': { schema: strip(webhook.reply), example: webhook.replyExample },
              },
            },
            default: {
              description: `Any other status, or no answer within 10 s, fails the push. ${webhook.retries.en}`,
            },
          },
        },
      },
    ]),
  );
}
