import { customsGoodsItem } from '../documents/fields.ts';
import {
  titledCount as integer,
  type JsonSchema,
  titledList as objects,
  titled as t,
} from '../documents/json-schema.ts';
import { problemCodesNote } from '../feeds/tracking/codes.ts';
import { queryTypes } from '../queries/catalogue.ts';
import { linkNodeBlocks } from '../queries/responses.ts';
import { asOfMember, freshness } from './answerMembers.ts';
import { enterpriseResponseSchemas } from './enterpriseResponses.ts';
import { envelopeSchema, successOf } from './envelopes.ts';
import { oceanResultSchema, terminalResultSchema } from './trackingResults.ts';

/**
 * The answers of the query interfaces as JSON Schemas, by query id (query spec §3, §7 and
 * query-api/README.md). Each says what query-api always sends and leaves further members open:
 * the projections keep documents' fields exactly as submitted, and those are the documents'
 * own schemas' business. A query id without an entry here is described by the envelope and the
 * catalogue's response note (openApi/catalogues.ts), so a new interface is never left out.
 */
/** A member answered null when no document gave it. */
const orNull = (schema: JsonSchema): JsonSchema =>
  schema.type === undefined ? schema : ({ ...schema, type: [schema.type, 'null'] } as unknown as JsonSchema);

/** Whether a query's answer carries `freshness` (and so takes `?offsets=true`). */
export const answersWithFreshness = (schema: JsonSchema): boolean =>
  Object.hasOwn((schema as { properties?: object }).properties ?? {}, 'freshness');
const paging = {
  page: integer('页码', 'Page'),
  pageSize: integer('每页条数', 'Page size'),
  totalCount: integer('总条数', 'Total count'),
};
const goodsLine = {
  type: 'object',
  properties: {
    goodsName: t('商品名称', 'Goods name'),
    barCode: t('条形码', 'Bar code'),
    qty: t('数量', 'Quantity', { type: 'number' }),
    priceTax: t('含税单价（未提交为 null）', 'Unit price incl. tax (null when not submitted)', {}),
    price: t('单价（未提交为 null）', 'Unit price (null when not submitted)', {}),
  },
} satisfies JsonSchema;
/** The warehouse summary's figures of inputs, outputs or inventory (query spec §3). */
const summaryFigures = (
  prefix: string,
  [what, whatEn]: [string, string],
  [when, whenEn]: [string, string],
) => ({
  [`${prefix}Qty`]: t(`${when}${what}数量`, `${whatEn} quantity ${whenEn}`, { type: 'number' }),
  [`${prefix}Amount`]: t(
    `${when}${what}金额：有价格商品行之和（见 ${prefix}UnpricedLines）`,
    `${whatEn} amount ${whenEn}: the sum of the priced lines (see ${prefix}UnpricedLines)`,
    { type: 'number' },
  ),
  [`${prefix}SkuNum`]: integer(`${when}${what} SKU 数`, `${whatEn} SKUs ${whenEn}`),
  [`${prefix}UnpricedLines`]: integer(
    `未申报单价或总价的${what}商品行数；不为 0 时 ${prefix}Amount 不完整`,
    `${whatEn} lines stating no unit or total price; above 0, ${prefix}Amount is incomplete`,
  ),
});
const order = {
  type: 'object',
  required: ['goodsList', 'orderStatus', 'orderState'],
  properties: {
    entOrderNo: t('企业订单号', 'Enterprise order number'),
    orderStatus: t(
      '提交的状态码（未提交为 null）',
      'Submitted status code (null when none was submitted)',
      {},
    ),
    orderState: t(
      '订单状态：AWAITING_SHIPMENT、SHIPPED、RECEIVED、CANCELLED（无状态码时为 null）',
      'Order state: AWAITING_SHIPMENT, SHIPPED, RECEIVED, CANCELLED (null without a status code)',
      {},
    ),
    statusHistory: objects('状态变化历史', 'Status history'),
    provenance: t(
      '来源（单据编号、接收时间、日志位置）',
      'Provenance (document id, received at, log position)',
      {
        type: 'object',
      },
    ),
    goodsList: objects('商品明细', 'Goods lines', goodsLine),
  },
} satisfies JsonSchema;

/**
 * A sale to a consumer adds §3's platformOrderNo, shop, logisticsName, shippingFee, taxFee and
 * totalAmount, each always present: null when the submission gave none.
 */
const consumerOrder = {
  ...order,
  required: [
    ...order.required,
    'platformOrderNo',
    'shop',
    'logisticsName',
    'shippingFee',
    'taxFee',
    'totalAmount',
  ],
  properties: {
    ...order.properties,
    platformOrderNo: t('平台订单号（未提交为 null）', 'Platform order number (null when not submitted)', {}),
    shop: t(
      '店铺：提交的店铺，否则电商平台名称 cbepcomName（都未提交为 null）',
      'Shop: the submitted shop, else the platform cbepcomName (null when neither was submitted)',
      {},
    ),
    logisticsName: t('物流企业名称（未提交为 null）', 'Logistics company (null when not submitted)', {}),
    shippingFee: t('运费（未提交为 null）', 'Shipping fee (null when not submitted)', {}),
    taxFee: t('税费（未提交为 null）', 'Tax (null when not submitted)', {}),
    totalAmount: t('订单总额（未提交为 null）', 'Order total (null when not submitted)', {}),
  },
} satisfies JsonSchema;

const orderList = (title: [string, string], item: JsonSchema = order) =>
  successOf(title, { ...paging, dataList: objects('订单列表', 'Orders', item), asOf: asOfMember, freshness });

const subscription = t(
  '订阅（含签名密钥 secret：只在订阅的应答中显示，从不列出）',
  'The subscription, with its signing secret (in subscribing answers only, never listed)',
  {
    type: 'object',
    required: ['id', 'secret'],
    properties: {
      id: t('订阅编号', 'Subscription id'),
      family: t('订阅类型', 'Family'),
      callbackUrl: t('回调地址', 'Callback URL'),
      secret: t(
        '签名密钥（只在订阅的应答中显示；同一 Key 再次提交相同订阅时返回同一订阅与密钥）',
        'Signing secret (in subscribing answers only; the same key subscribing the same again gets the same subscription and secret)',
      ),
      existing: t(
        '订阅已存在（同一 Key 之前已提交相同订阅）',
        'The key had asked for this subscription before: the same one is answered',
        { type: 'boolean' },
      ),
    },
  },
);

const expressSubscription: JsonSchema = t('快递订阅结果', 'Express subscription result', {
  type: 'object',
  required: ['success'],
  properties: {
    success: t('是否成功', 'Succeeded', { type: 'boolean' }),
    shipperCode: t('快递公司编码', 'Carrier code'),
    logisticCode: t('运单号', 'Waybill number'),
    updateTime: t('更新时间', 'Update time'),
    routeMapUrl: t('轨迹地图链接（首批轨迹到达后随推送提供）', 'Route map link (pushed once traces arrive)'),
    reason: t('失败原因（失败时）', 'Reason (on failure)'),
    subscription,
  },
});

const trackingSubscription = (title: [string, string], result: JsonSchema) =>
  successOf(title, {
    data: t(
      '请求参数与结果（尚无数据时 result 为获取中或 null，订阅后首次推送给出）',
      'Parameters and result (fetching or null while nothing is known; the first push carries it)',
      {
        type: 'object',
        required: ['params'],
        properties: {
          params: t('请求参数（原样）', 'The request parameters (as sent)', { type: 'object' }),
          result,
        },
      },
    ),
    subscription,
  });

// Tracking queries (query spec §3; query-api/README.md "Tracking queries").
const trace = t('轨迹', 'Trace', {
  type: 'object',
  properties: {
    acceptTime: t('轨迹时间', 'Trace time'),
    acceptStation: t('轨迹描述', 'Trace description'),
    location: t('所在城市', 'Location'),
    action: t('轨迹状态', 'Action'),
    remark: t('备注', 'Remark'),
  },
});
const expressInstant = (withMap: boolean): JsonSchema =>
  t('快递即时查询结果', 'Express instant query result', {
    type: 'object',
    required: ['success'],
    properties: {
      success: t('是否成功', 'Succeeded', { type: 'boolean' }),
      reason: t('失败原因（失败时，最多 50 字）', 'Reason (on failure, at most 50 characters)'),
      shipperCode: t('快递公司编码', 'Carrier code'),
      logisticCode: t('运单号', 'Waybill number'),
      state: t('物流状态（0–10）', 'State (0–10)'),
      stateEx: t(`扩展状态（${problemCodesNote.cn}）`, `Extended state (${problemCodesNote.en})`),
      location: t('当前城市', 'Current location'),
      traces: objects('轨迹', 'Traces', trace),
      ...(withMap
        ? {
            routeMapUrl: t('轨迹地图链接', 'Route map link'),
            coordinates: objects('路线坐标', 'Route coordinates'),
          }
        : {}),
    },
  });
const airTracking = t('空运跟踪结果', 'Air cargo tracking result', {
  type: 'object',
  required: ['statusCode'],
  properties: {
    statusCode: t(
      '状态码（20000 有数据，20001 无数据，40000 参数错误，42900 超限）',
      'Status code (20000 data, 20001 none, 40000 parameter error, 42900 limit)',
      { type: 'integer' },
    ),
    message: t('说明', 'Message'),
    data: objects('运单', 'Waybills', {
      type: 'object',
      properties: {
        businessNumber: t('运单号', 'Air waybill number'),
        status: t('业务状态（PROCESS、COMPLETE）', 'Business status (PROCESS, COMPLETE)'),
        carrier: t('承运航司', 'Carrier', { type: 'object' }),
        shipmentEvents: objects('运单事件', 'Shipment events'),
        transportEvents: objects('运输事件', 'Transport events'),
        equipmentEvents: objects('货物事件', 'Equipment events'),
      },
    }),
    subscription,
  },
});

export const queryResponseSchemas: Readonly<Record<string, JsonSchema>> = {
  linkNode: successOf(['关联节点查询结果', 'Link-node chain'], {
    chainId: t('链编号', 'Chain id'),
    ...Object.fromEntries(linkNodeBlocks.map((block) => [block, objects(block, block)])),
    page: integer('页码', 'Page'),
    pageSize: integer('每页单据数', 'Documents per page'),
    totalCount: integer(
      '链上单据总数（不含由采购单得出的融资单）',
      'Documents in the chain (not counting the financing orders derived from purchases)',
    ),
    asOf: asOfMember,
    freshness,
  }),
  collateralExposure: successOf(['押品重复融资', 'Collateral exposure'], {
    financing: t('所查融资', 'The financing asked about', {
      type: 'object',
      required: ['customerCode', 'financingOrderNo', 'open', 'firstSeen'],
      properties: {
        customerCode: t('客户编码', 'Customer code'),
        financingOrderNo: t('融资单号', 'Financing order number'),
        open: t('未结（仍有采购单未到终态）', 'Open (a purchase naming it has not reached a final status)', {
          type: 'boolean',
        }),
        firstSeen: t('首次出现时间', 'First seen'),
        provenance: t('来源单据', 'Source document', { type: 'object' }),
      },
    }),
    collateral: objects('押品', 'Collateral', {
      type: 'object',
      required: ['kind', 'number', 'otherFinancings', 'grantedFinancings', 'undisclosedFinancings'],
      properties: {
        kind: t('押品类型', 'Kind', {
          type: 'string',
          enum: ['billOfLading', 'warehouseReceipt', 'contract'],
        }),
        number: t('规范化编号', 'Normalised number'),
        warehouse: t('仓单所在仓库（其余为 null）', 'Warehouse of a receipt (null otherwise)', {
          anyOf: [{ type: 'string' }, { type: 'null' }],
        }),
        firstSeen: t('首次出现时间', 'First seen'),
        provenance: t('来源单据', 'Source document', { type: 'object' }),
        otherFinancings: integer('其他持有它的未结融资笔数', 'Other open financings holding it'),
        grantedFinancings: objects('其中调用方有权查看的融资', 'Those of enterprises the caller is granted'),
        undisclosedFinancings: integer(
          '其余企业的融资笔数（不披露）',
          'Those of other enterprises (counted only)',
        ),
      },
    }),
    page: integer('页码', 'Page'),
    pageSize: integer('每页押品数', 'Pieces per page'),
    totalCount: integer('押品总数', 'Pieces in all'),
    reusedCount: integer(
      '其中同时押在其他未结融资下的件数（不论在哪一页）',
      'Of those, the pieces another open financing holds too (whatever the page)',
    ),
    asOf: asOfMember,
    freshness,
  }),
  purchaseOrders: orderList(['采购订单', 'Purchase orders']),
  salesToBusiness: orderList(['销售订单（对企业）', 'Sales to business']),
  salesToConsumer: orderList(['销售订单（对个人）', 'Sales to consumer'], consumerOrder),
  customsDeclarations: successOf(['报关单', 'Customs declarations'], {
    ...paging,
    dataList: objects('报关单列表', 'Declarations', {
      type: 'object',
      required: ['goodsList'],
      properties: {
        entOrderNo: t('企业订单号', 'Enterprise order number'),
        entryNo: t('报关单号（无则 null）', 'Entry number (null when none)'),
        customer: orNull(
          t(
            '货主（报关单在货主编码旁给出的名称，即消费使用单位或境内收发货人的名称；否则编码）',
            "Owner (the name the declaration gives beside the owner's code: the consuming unit's or the domestic consignee's; else the code)",
          ),
        ),
        declareCode: t('申报单位编码', 'Declaring firm code'),
        agent: t('申报单位（名称，否则编码）', 'Declaring firm (name, else code)'),
        consignees: orNull(
          t(
            '境内收发货人（名称，否则编码；未提交为 null）',
            'Domestic consignee or consignor (name, else code; null when none was submitted)',
          ),
        ),
        outboundOrderType: t(
          '出库单类型：规范未说明来源，按监管方式判定——9610、1210、1239（跨境电商零售）为 TO C，其他为 TO B；未提交监管方式为 null',
          'Outbound order type: the spec gives no source, so it follows the supervision mode — 9610, 1210, 1239 (cross-border e-commerce retail) TO C, any other TO B; null without a supervision mode',
          { type: ['string', 'null'], enum: ['TO B', 'TO C', null] } as unknown as JsonSchema,
        ),
        parties: t(
          '收发货人编码与名称（按提交原样）',
          'Consignors and consignees (codes and names as submitted)',
          { type: 'object' },
        ),
        billNo: t('提单号', 'Bill of lading number'),
        contractNo: t('合同号', 'Contract number'),
        transportMode: t('运输方式', 'Transport mode'),
        transportTool: t('运输工具', 'Means of transport'),
        voyageNo: t('航次号', 'Voyage number'),
        superviseType: t('监管方式（最多 6 位）', 'Supervision mode (at most 6)'),
        ieFlag: t('进出口标志：I 进口，E 出口', 'Import/export: I import, E export'),
        beginCountry: t('启运国', 'Country of departure'),
        beginPort: t('启运港', 'Port of departure'),
        designationPort: t('指运港', 'Port of destination'),
        tradeCountry: t('贸易国', 'Trading country'),
        declareTime: t('申报时间（否则放行时间、创建时间）', 'Declared at (else released at, created at)'),
        grossWeight: t('毛重（千克）', 'Gross weight (kg)', { type: 'number' }),
        netWeight: t('净重（千克）', 'Net weight (kg)', { type: 'number' }),
        orderType: t(
          '单据类型：40 报关单，50 核注清单',
          'Order type: 40 customs declaration, 50 verification order',
        ),
        goodsList: objects(
          '商品（查询规范 §3 的字段，未提供为 null）',
          'Goods (the fields of query spec §3; null when not given)',
          {
            type: 'object',
            properties: Object.fromEntries(
              Object.entries(customsGoodsItem).map(([name, field]) => [
                name,
                orNull(
                  t(
                    `${field.title}${field.maxLength ? `（最多 ${field.maxLength} 字）` : ''}`,
                    `${field['x-title-en']}${field.maxLength ? ` (at most ${field.maxLength})` : ''}`,
                    { type: field.type },
                  ),
                ),
              ]),
            ),
          },
        ),
        provenance: t('来源', 'Provenance', { type: 'object' }),
      },
    }),
    asOf: asOfMember,
    freshness,
  }),
  goods: successOf(['商品资料', 'Goods master data'], {
    ...paging,
    goodsList: objects('商品列表（未提供的字段为 null）', 'Goods (a field no document gave is null)', {
      type: 'object',
      required: ['goodsNo'],
      properties: {
        goodsNo: t('商品编号（企业商品编号，否则条形码）', 'Goods number (entGoodsNo, else the bar code)'),
        ...Object.fromEntries(
          Object.entries({
            goodsName: t('商品名称', 'Goods name'),
            barCode: t('条形码', 'Bar code'),
            brand: t('品牌', 'Brand'),
            goodsSpec: t('规格型号', 'Specification'),
            recordPrice: t('备案价格（否则商品单价）', 'Filed price (else the unit price)', {
              type: 'number',
            }),
            contractsUnit: t(
              '合同单位（仅当单据提交 contractsUnit）',
              'Contract unit (only when a document sent contractsUnit)',
            ),
            qtpUnit: t('QTP 单位（仅当单据提交 qtpUnit）', 'qtpUnit (only when a document sent qtpUnit)'),
            goodsHsCode: t('HS 编码', 'HS code'),
            goodsQualityDays: t(
              '保质期天数（仅当单据提交）',
              'Shelf life in days (only when a document sent it)',
              {
                type: 'integer',
              },
            ),
            produceComp: t('生产企业', 'Manufacturer'),
            kgs: t('毛重（千克）', 'Gross weight (kg)', { type: 'number' }),
            net: t('净重（千克）', 'Net weight (kg)', { type: 'number' }),
            custassemCountry: t('原产国', 'Country of origin'),
          }).map(([name, schema]) => [name, orNull(schema)]),
        ),
        provenance: objects('来源（商品资料导入、商品同步）', 'Provenance (goods import, goods sync)'),
      },
    }),
    asOf: asOfMember,
    freshness,
  }),
  warehouseSummary: successOf(['仓储汇总', 'Warehouse summary'], {
    dataList: objects('汇总', 'Summary', {
      type: 'object',
      required: ['period'],
      properties: {
        period: t('期间（YYYY 或 YYYY-MM）', 'Period (YYYY or YYYY-MM)'),
        ...summaryFigures('input', ['入库', 'Inbound'], ['期间内', 'in the period']),
        ...summaryFigures('output', ['出库', 'Outbound'], ['期间内', 'in the period']),
        ...summaryFigures('inventory', ['库存', 'Inventory'], ['期末', 'at the end of the period']),
      },
    }),
    asOf: asOfMember,
    freshness,
  }),
  expressSubscription,
  expressRouteMapSubscription: expressSubscription,
  oceanTracking: trackingSubscription(
    ['海运集装箱跟踪订阅', 'Ocean container tracking subscription'],
    oceanResultSchema,
  ),
  terminalTracking: trackingSubscription(
    ['码头集装箱跟踪订阅', 'Terminal container tracking subscription'],
    terminalResultSchema,
  ),
  // The enterprise queries' per-line details, inventory and feed queries.
  ...enterpriseResponseSchemas,
  expressInstantQuery: expressInstant(false),
  expressRouteMapInstantQuery: expressInstant(true),
  airTracking,
};

/** The answer of a query id: its own schema, or the envelope for an interface not described yet. */
export function queryResponseSchema(id: string, title: { cn: string; en: string }): JsonSchema {
  return (
    queryResponseSchemas[id] ??
    queryTypes.find((type) => type.id === id)?.responseSchema ?? {
      ...envelopeSchema,
      title: title.cn,
      'x-title-en': title.en,
    }
  );
}
