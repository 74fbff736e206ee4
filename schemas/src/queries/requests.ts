import {
  code,
  date,
  dateTime,
  documentSchema,
  eitherOr,
  formatted,
  type JsonSchema,
  type Labels,
  labels as l,
  record,
  text,
  whole,
} from '../documents/json-schema.ts';
import { goodsIdListFormat, httpUrlFormat, periodFormat, yearMonthFormat } from './formats.ts';

/**
 * Request schemas of the query and subscription interfaces Tradelog serves from its
 * projections (query spec §3, §5, §7, §9). Same conventions as the documents: bilingual
 * annotations, codes as strings, unknown properties ignored. Lengths are the spec's; where it
 * gives none, 255 for text (our documents' rule).
 */

const enterpriseId = text(
  20,
  l(
    '企业标识',
    'Enterprise id',
    '被查询企业的统一社会信用代码',
    'The unified social credit code of the enterprise queried',
  ),
);

/** The customer a financing's chain and collateral are asked about (link-node, collateral exposure). */
const financingCustomerCode = text(
  20,
  l(
    '客户编码',
    'Customer code',
    '统一社会信用代码或香港商业登记号',
    'Unified social credit code or Hong Kong business registration number',
  ),
);

/** The cargo owner whose goods or stock are asked about. */
const ownerCode = text(50, l('客户编码', 'Customer code', '货主企业编码', "The cargo owner's code"));

// Paging of enterprise queries (§9): page from 1 (default 1), pageSize 1 to 200 (default 100).
const page = {
  ...whole({ min: 1 }, l('页码', 'Page', '从 1 开始的页码，默认 1', 'The page number from 1; default 1')),
  default: 1,
};
const pageSize = {
  ...whole(
    { min: 1, max: 200 },
    l('每页条数', 'Page size', '每页条数，默认 100，最多 200', 'Rows per page; default 100, at most 200'),
  ),
  default: 100,
};
const paging = { page, pageSize };

/**
 * A chain is answered in pages of its documents, a financing's collateral in pages of its pieces
 * (query-api README "Chains in pages"): whole up to 1,000, which a chain of one trade is; a chain
 * one reused number keeps growing is read a page at a time, so no answer grows with it.
 */
const pageOfUpTo1000 = (what: Labels) => ({
  ...whole({ min: 1, max: 1000 }, what),
  default: 1000,
});
const chainPageSize = pageOfUpTo1000(
  l(
    '每页单据数',
    'Documents per page',
    '每页返回的链上单据数，默认 1000，最多 1000',
    'Documents of the chain per page; default 1000, at most 1000',
  ),
);
const piecesPageSize = pageOfUpTo1000(
  l(
    '每页押品数',
    'Pieces per page',
    '每页返回的押品数，默认 1000，最多 1000',
    'Pieces of collateral per page; default 1000, at most 1000',
  ),
);
const pagingNote = {
  cn: '分页：page 默认 1，pageSize 默认 100、最多 200；返回行数少于 pageSize 即为最后一页',
  en: 'Paging: page defaults to 1, pageSize to 100 (at most 200); a page with fewer rows than pageSize is the last',
};

/** A paged query's description ends with how its pages work. */
const withPagingNote = (words: Labels): Labels => ({
  ...words,
  description: `${words.description}。${pagingNote.cn}`,
  descriptionEn: `${words.descriptionEn}. ${pagingNote.en}`,
});

const orderQueryFields = {
  enterpriseId,
  orderNo: text(
    8,
    l(
      '订单号',
      'Order number',
      '按订单号筛选（规范限 8 个字符）',
      'Filters by order number (the spec allows 8 characters)',
    ),
  ),
  beginDate: date(
    l('开始日期', 'From date', '下单日期下限，格式 yyyy-MM-dd', 'The earliest order date, as yyyy-MM-dd'),
  ),
  endDate: date(
    l(
      '结束日期',
      'To date',
      '下单日期上限，格式 yyyy-MM-dd，不早于开始日期',
      'The latest order date, as yyyy-MM-dd; not before the from date',
    ),
  ),
  ...paging,
};

function orderQuery(words: Labels, extra: Readonly<Record<string, JsonSchema>> = {}): JsonSchema {
  return {
    ...documentSchema({
      words: withPagingNote(words),
      properties: { ...orderQueryFields, ...extra },
      required: ['enterpriseId', 'beginDate', 'endDate'],
    }),
    'x-date-range': ['beginDate', 'endDate'],
  };
}

export const linkNodeRequest: JsonSchema = documentSchema({
  words: l(
    '链路节点查询',
    'Link-node query',
    '查询一笔融资、入库、采购或报关单据的全链路节点。链上单据按页返回：page 默认 1，pageSize 默认 1000、最多 1000，totalCount 为链上单据总数；单据数少于 pageSize 的页为最后一页',
    'The chain of documents around one financing, inbound, purchase or declaration order. The chain is answered in pages of its documents: page defaults to 1, pageSize to 1000 (at most 1000), totalCount is the number of documents in the chain; a page holding fewer than pageSize is the last',
  ),
  properties: {
    customerCode: financingCustomerCode,
    documentsType: code(
      {
        '10': ['融资', 'financing'],
        '20': ['入库', 'inbound'],
        '30': ['采购', 'purchase'],
        '40': ['报关', 'declaration'],
      },
      l(
        '单据类型',
        'Document type',
        '查询起点单据的类型',
        'The type of the document the chain is looked up from',
      ),
    ),
    documentsNo: text(
      32,
      l(
        '单据编号',
        'Document number',
        '查询起点单据的编号',
        'The number of the document the chain is looked up from',
      ),
    ),
    page,
    pageSize: chainPageSize,
  },
  required: ['customerCode', 'documentsType', 'documentsNo'],
});

/**
 * A financing's collateral and the other financings holding it (query-api README "Collateral
 * exposure"). Named like the link-node query; only financings (documentsType 10) hold collateral.
 */
export const collateralExposureRequest: JsonSchema = documentSchema({
  words: l(
    '押品重复融资查询',
    'Collateral exposure',
    '一笔融资的押品（提单、仓单、合同）及同时押在其他融资下的情况。押品按页返回：page 默认 1，pageSize 默认 1000、最多 1000；totalCount 为押品总数，reusedCount 为其中同时押在其他未结融资下的件数',
    'The collateral behind one financing (bills of lading, warehouse receipts, contracts) and the other financings it also stands behind. The pieces are answered in pages: page defaults to 1, pageSize to 1000 (at most 1000); totalCount is the number of pieces, reusedCount how many of them another open financing holds too',
  ),
  properties: {
    customerCode: financingCustomerCode,
    documentsType: code(
      { '10': ['融资', 'financing'] },
      l('单据类型', 'Document type', '固定为 10（融资）', 'Always 10 (financing)'),
    ),
    documentsNo: text(
      32,
      l(
        '融资单号',
        'Financing order number',
        '采购单上的 financingOrderNo',
        "The purchase's financingOrderNo",
      ),
    ),
    page,
    pageSize: piecesPageSize,
  },
  required: ['customerCode', 'documentsType', 'documentsNo'],
});

export const purchaseOrdersRequest = orderQuery(
  l(
    '采购订单查询',
    'Purchase order query',
    '按下单日期查询企业的采购订单',
    "An enterprise's purchase orders by order date",
  ),
);

export const salesToBusinessRequest = orderQuery(
  l(
    '对企业销售查询',
    'Sales-to-business query',
    '按下单日期查询企业的对企业销售订单',
    "An enterprise's sales to businesses by order date",
  ),
);

export const salesToConsumerRequest = orderQuery(
  l(
    '对个人销售查询',
    'Sales-to-consumer query',
    '按下单日期查询企业的对个人销售订单',
    "An enterprise's sales to consumers by order date",
  ),
  {
    cbepcomName: text(
      255,
      l('电商平台名称', 'E-commerce platform', '按电商平台筛选', 'Filters by e-commerce platform'),
    ),
  },
);

export const customsDeclarationsRequest: JsonSchema = {
  ...documentSchema({
    words: withPagingNote(
      l(
        '报关信息查询',
        'Customs declaration query',
        '按申报日期查询企业的报关单及商品',
        "An enterprise's customs declarations and their goods by declaration date",
      ),
    ),
    properties: {
      enterpriseId,
      enterpriseType: code(
        { '10': ['货主', 'owner'], '20': ['报关企业', 'declaring firm'] },
        l(
          '企业类型',
          'Enterprise type',
          '被查询企业在报关单中的角色',
          'The role of the enterprise on the declarations',
        ),
      ),
      dataSource: code(
        { '10': ['口岸核验', 'port verification'], '20': ['报关企业', 'declaring firm'] },
        l('数据来源', 'Data source', '报关数据的来源', 'Where the declaration data comes from'),
      ),
      starDate: date(
        l(
          '开始日期',
          'From date',
          '申报日期下限（字段名按规范拼写为 starDate），格式 yyyy-MM-dd',
          'The earliest declaration date (spelt starDate, as in the spec), as yyyy-MM-dd',
        ),
      ),
      endDate: date(
        l(
          '结束日期',
          'To date',
          '申报日期上限，格式 yyyy-MM-dd，不早于开始日期',
          'The latest declaration date, as yyyy-MM-dd; not before the from date',
        ),
      ),
      ...paging,
    },
    required: ['enterpriseId', 'enterpriseType', 'dataSource', 'starDate', 'endDate'],
  }),
  'x-date-range': ['starDate', 'endDate'],
};

export const goodsRequest: JsonSchema = documentSchema({
  words: withPagingNote(
    l('商品信息查询', 'Goods query', '查询企业的商品资料', "An enterprise's goods master data"),
  ),
  properties: {
    customerCode: ownerCode,
    requestTime: dateTime(
      l(
        '请求时间',
        'Changed since',
        '只返回此时间之后变更的商品；不填返回全部',
        'Returns only goods changed after this time; all goods when absent',
      ),
    ),
    // The answer pages (page, pageSize, totalCount, as §9's enterprise queries): bounded the same way.
    ...paging,
  },
  required: ['customerCode'],
});

export const inventoryRequest: JsonSchema = documentSchema({
  words: l(
    '库存查询',
    'Inventory query',
    '查询企业在仓库中的实时库存；全部字段必填（§5）',
    "An enterprise's current stock in a warehouse; every field is required (§5)",
  ),
  properties: {
    customerCode: ownerCode,
    customerName: text(255, l('客户名称', 'Customer name', '货主企业名称', "The cargo owner's name")),
    warehouseId: text(
      255,
      l('仓库编码', 'Warehouse code', '平台分配的仓库编码', 'The warehouse code assigned by the platform'),
    ),
    goodsId: formatted(
      1000,
      goodsIdListFormat,
      l(
        '商品编码',
        'Goods ids',
        '以英文逗号分隔的商品编码，* 表示全部',
        'Goods ids separated by commas; * for all',
      ),
    ),
    // The spec gives no values (§3); these are ours (query-api/README.md).
    dataSource: code(
      {
        '10': ['按出入库单据计算', 'computed from the inbound, tally and outbound documents'],
        '20': ['仓库库存报告', "the warehouse's stock report"],
      },
      l(
        '数据来源',
        'Data source',
        '库存数据来源；冻结与锁定数量只有仓库库存报告提供',
        'Where the stock data comes from; only the warehouse stock report gives frozen and locked quantities',
      ),
    ),
    pageNo: whole({ min: 1 }, l('页码', 'Page', '从 1 开始的页码', 'The page number from 1')),
    pageSize: whole(
      { min: 1, max: 200 },
      l('每页条数', 'Page size', '每页条数，最多 200', 'Rows per page, at most 200'),
    ),
  },
  required: ['customerCode', 'customerName', 'warehouseId', 'goodsId', 'dataSource', 'pageNo', 'pageSize'],
});

export const warehouseSummaryRequest: JsonSchema = documentSchema({
  words: l(
    '仓储汇总查询',
    'Warehouse summary query',
    '按年或按月汇总企业的出入库与库存',
    "An enterprise's inbound, outbound and stock totals for a year or a month",
  ),
  properties: {
    enterpriseId,
    period: formatted(
      8,
      periodFormat,
      l('统计期间', 'Period', '年份 YYYY 或年月 YYYY-MM', 'A year (YYYY) or a month (YYYY-MM)'),
    ),
  },
  required: ['enterpriseId', 'period'],
});

function movementDetails(words: Labels): JsonSchema {
  return documentSchema({
    words: withPagingNote(words),
    properties: {
      enterpriseId,
      period: formatted(7, yearMonthFormat, l('统计月份', 'Month', '年月 YYYY-MM', 'A month, as YYYY-MM')),
      ...paging,
    },
    required: ['enterpriseId', 'period'],
  });
}

export const inboundDetailsRequest = movementDetails(
  l(
    '入库明细查询',
    'Inbound details query',
    '企业某月的入库明细',
    "An enterprise's inbound lines of one month",
  ),
);

export const outboundDetailsRequest = movementDetails(
  l(
    '出库明细查询',
    'Outbound details query',
    '企业某月的出库明细',
    "An enterprise's outbound lines of one month",
  ),
);

/**
 * The monthly trend of one enterprise (ours: the lender console's chart; query-api/README.md
 * "Enterprise trend"): months from fromMonth to toMonth, at most 24.
 */
export const enterpriseTrendRequest: JsonSchema = documentSchema({
  words: l(
    '企业月度趋势查询',
    'Enterprise monthly trend query',
    '企业每月的订单数、出入库与月末库存',
    "An enterprise's orders, inbound, outbound and month-end stock per month",
  ),
  properties: {
    enterpriseId,
    fromMonth: formatted(
      7,
      yearMonthFormat,
      l('起始月份', 'From month', '第一个月，YYYY-MM', 'The first month, as YYYY-MM'),
    ),
    toMonth: formatted(
      7,
      yearMonthFormat,
      l(
        '结束月份',
        'To month',
        '最后一个月，YYYY-MM，不早于起始月份，最多 24 个月',
        'The last month, as YYYY-MM; not before the first, at most 24 months',
      ),
    ),
  },
  required: ['enterpriseId', 'fromMonth', 'toMonth'],
});

/**
 * One month of the trend's answer (`dataList`), as query-api builds it (query-api/src/enterprise/trend.ts)
 * and the lender console draws it: the orders placed in the month (order-status projection), the
 * stock movements and the month-end stock (enterprise-data projection).
 */
export interface EnterpriseTrendMonth {
  /** YYYY-MM. */
  month: string;
  purchaseOrders: number;
  salesToBusiness: number;
  salesToConsumer: number;
  inputQty: number;
  inputAmount: number;
  outputQty: number;
  outputAmount: number;
  inventoryQty: number;
  inventoryAmount: number;
  /**
   * Lines behind each amount that state no price (the amounts add the priced lines only), as the
   * warehouse summary counts them: a month's inputs and outputs, and the stock at its end.
   */
  inputUnpricedLines: number;
  outputUnpricedLines: number;
  inventoryUnpricedLines: number;
}

export const callbackUrl = formatted(
  255,
  httpUrlFormat,
  l(
    '回调地址',
    'Callback URL',
    '推送接收地址，http 或 https；接收方不得要求用户认证，可在查询串中携带令牌',
    'Where pushes are sent, http or https; the receiver must not require user authentication but may carry a token in the query string',
  ),
);

/** The express request fields (§3 "Express"); the subscription adds callbackUrl. */
export function expressRequestFields(): Record<string, JsonSchema> {
  return {
    shipperCode: text(20, l('快递公司编码', 'Carrier code', '快递公司编码', 'The courier company code')),
    logisticCode: text(30, l('快递单号', 'Tracking number', '快递运单号', 'The courier waybill number')),
    customerName: text(
      50,
      l(
        '客户信息',
        'Customer check value',
        '部分快递公司必填：一家主要快递公司填寄件人或收件人手机号后四位，另一家填发件人账号',
        "Required by some carriers: the last four digits of the sender's or receiver's phone for one, the shipper account number for another",
      ),
    ),
    sort: {
      ...code(
        { '0': ['升序', 'ascending'], '1': ['降序', 'descending'] },
        l(
          '轨迹排序',
          'Trace order',
          '轨迹按时间排序方式，默认升序',
          'How traces are ordered by time; ascending by default',
        ),
      ),
      default: '0',
    },
    orderCode: text(
      30,
      l('订单编号', 'Order code', '与运单关联的订单编号', 'The order the waybill belongs to'),
    ),
  };
}

function expressSubscription(words: Labels): JsonSchema {
  return documentSchema({
    words,
    properties: { ...expressRequestFields(), callbackUrl },
    required: ['shipperCode', 'logisticCode', 'callbackUrl'],
  });
}

export const expressSubscriptionRequest = expressSubscription(
  l(
    '快递轨迹订阅',
    'Express tracking subscription',
    '订阅快递轨迹（文字版），变化时推送到回调地址',
    "Subscribes to a parcel's traces (text version); changes are pushed to the callback URL",
  ),
);

export const expressRouteMapSubscriptionRequest = expressSubscription(
  l(
    '快递轨迹订阅（地图版）',
    'Express tracking subscription (map)',
    '订阅快递轨迹并附路线地图链接',
    "Subscribes to a parcel's traces with a route map link",
  ),
);

const ieFlag = (words: Labels) => code({ E: ['出口', 'export'], I: ['进口', 'import'] }, words);

export const oceanTrackingRequest: JsonSchema = documentSchema({
  words: l(
    '海运集装箱跟踪',
    'Ocean container tracking',
    '按提单号、订舱号或箱号查询海运轨迹；带回调地址即为订阅，数据变化时推送',
    'Ocean tracking by bill of lading, booking or container number; with a callback URL it is a subscription and changes are pushed',
  ),
  properties: {
    callbackUrl,
    params: {
      ...record(
        {
          billNo: text(
            512,
            l('提单号', 'Bill of lading number', '提单号或订舱号', 'The bill of lading or booking number'),
          ),
          containerNo: text(
            255,
            l(
              '箱号',
              'Container number',
              '集装箱号；填写时优先按箱号查询',
              'The container number; takes priority when given',
            ),
          ),
          carrierCode: text(
            255,
            l(
              '船公司编码',
              'Carrier code',
              '船公司 SCAC 等编码，可填 AUTO 自动识别',
              'The carrier code (e.g. SCAC); AUTO lets the service recognise it',
            ),
          ),
          portCode: text(
            255,
            l('港口编码', 'Port code', '港区编码，如 CNNGB', 'The port area code, e.g. CNNGB'),
          ),
          isExport: ieFlag(
            l('进出口', 'Export or import', '获取港区数据时需要', 'Needed to obtain port data'),
          ),
        },
        ['billNo'],
        l(
          '查询参数',
          'Parameters',
          '船公司编码与港口编码至少填一项（§5）',
          'carrierCode or portCode must be given (§5)',
        ),
      ),
      anyOf: eitherOr('carrierCode', 'portCode'),
    },
  },
  required: ['params'],
});

export const terminalTrackingRequest: JsonSchema = documentSchema({
  words: l(
    '码头集装箱跟踪',
    'Terminal container tracking',
    '查询码头集装箱动态；带回调地址即为订阅，数据变化时推送',
    'Terminal container events; with a callback URL it is a subscription and changes are pushed',
  ),
  properties: {
    callbackUrl,
    params: record(
      {
        businessNumber: text(
          255,
          l('业务编号', 'Business number', '提单号或箱号', 'The bill of lading or container number'),
        ),
        portCode: text(
          255,
          l('港口编码', 'Port code', '港区编码，如 CNSHA', 'The port area code, e.g. CNSHA'),
        ),
        ieid: ieFlag(l('进出口标识', 'Export or import', '单个字符 E 或 I', 'A single character, E or I')),
      },
      ['businessNumber', 'portCode', 'ieid'],
      l('查询参数', 'Parameters', '三项均必填（§5）', 'All three are required (§5)'),
    ),
  },
  required: ['params'],
});
