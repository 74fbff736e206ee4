import type { Bi, ContentBlock } from '@tradelog/schemas/portal/content';
import { bi, list, p } from './types.ts';

/**
 * The software products of portal spec §9, served as application-market items (§3: appName,
 * category, details with cycle and amount, appItemVoList with DEPLOY and SAAS). Each product
 * page has the sections of §9 and the price table with the spec's prices (yuan); its cases and
 * reviews are testimonials, the operator's (operatorContent.ts).
 *
 * What comes from the spec: the product names, the prices of §9's table (a range where it gives a
 * range, nothing where it gives none: the bank's risk-information service), the support of §9
 * (7x24, 5x8 for the mall) and the customs system's 300 orders per second. §9 names each page's
 * sections but not their content, so the section texts, introductions and selling points here
 * are **sample product sheets** (`sheetSample` in every answer; the portal marks them as it marks
 * the operator's sample content) and state no figure, deadline or edition the spec does not give.
 */
export const sheetSample = true;

export type Cycle = 'A_YEAR' | 'HALF_YEAR' | 'ONE_MONTH' | 'SEVEN_DAY' | 'A_SET_OF';

export interface SeedPriceRow {
  edition: Bi;
  saas: Bi;
  onPremise: Bi;
}

export interface SeedApp {
  id: number;
  appName: Bi;
  category: string;
  categoryName: Bi;
  introduction: Bi;
  sellPoints: Bi[];
  /** The lowest price of §9's table; null where §9 gives no price. */
  lowestPrice: number | null;
  details: { version: Bi; specifications: Bi; cycle: Cycle; amount: number }[];
  deploy: { name: Bi; amount: number }[];
  prices: SeedPriceRow[];
  support: Bi;
  sections: {
    introduction: ContentBlock[];
    functions: ContentBlock[];
    advantages: ContentBlock[];
    features: ContentBlock[];
    flow: ContentBlock[];
    qa: ContentBlock[];
    afterSales: ContentBlock[];
  };
}

const support7x24 = bi('7×24 小时', '7×24');
const support5x8 = bi('5×8 小时', '5×8');
const none = bi('', '');
const yuan = (value: number) => value.toLocaleString('en-US');
const priceText = (cn: string, en: string) => bi(cn, en);

/** §9: customs clearance tiers (orders per year) — also used by warehouse, station and delivery. */
const tiers = [
  { amount: 36_000, orders: 36_000 },
  { amount: 89_000, orders: 110_000 },
  { amount: 139_000, orders: 180_000 },
];
// §9 names no editions: a tier is named by the yearly volume it covers.
const tierName = (orders: number) => bi(`${yuan(orders)} 单/年`, `${yuan(orders)} orders/year`);
const tierRows = (onPremiseCn: string, onPremiseEn: string): SeedPriceRow[] =>
  tiers.map((tier, index) => ({
    edition: tierName(tier.orders),
    saas: priceText(`${yuan(tier.amount)} 元/年`, `${yuan(tier.amount)} yuan/year`),
    onPremise: index === 0 ? bi(onPremiseCn, onPremiseEn) : none,
  }));
const tierDetails = () =>
  tiers.map((tier) => ({
    version: tierName(tier.orders),
    specifications: none,
    cycle: 'A_YEAR' as const,
    amount: tier.amount,
  }));
/** The one price row of a product §9 prices once (no editions). */
const listPrice = bi('标价', 'List price');
/** A product §9 prices as a range: the range, the quote deciding within it. */
const priceRange = bi('价格区间', 'Price range');

const standardFlow = list(
  ['提交咨询，顾问与您联系', 'Send an enquiry; an adviser contacts you'],
  ['需求调研与产品演示', 'Requirements review and demo'],
  ['签约并开通', 'Contract and go-live'],
  ['上线培训与数据迁移', 'Training and data migration'],
);
const standardAfterSales = (supportCn: string, supportEn: string): ContentBlock[] => [
  list(
    [`服务时间：${supportCn}`, `Support hours: ${supportEn}`],
    ['版本升级对 SaaS 自动生效', 'Upgrades apply to SaaS automatically'],
    ['本地化部署另按年收取价格表所列费用', 'On-premise carries the yearly fee of the price table'],
  ),
];

export const apps: SeedApp[] = [
  {
    id: 301,
    appName: bi('金融风控系统', 'Finance risk-control system'),
    category: 'FINANCE',
    categoryName: bi('金融科技', 'Fintech'),
    introduction: bi(
      '为银行与保理机构提供贸易数据授信、贷中预警与贷后监控的一体化风控系统。',
      'An integrated risk system for banks and factors: credit on trade data, in-loan alerts and post-loan monitoring.',
    ),
    sellPoints: [bi('单证链路穿透', 'Document-chain tracing'), bi('规则与模型双引擎', 'Rules plus models')],
    lowestPrice: 300_000,
    details: [{ version: bi('SaaS', 'SaaS'), specifications: none, cycle: 'A_YEAR', amount: 300_000 }],
    deploy: [{ name: bi('本地化部署', 'On-premise'), amount: 1_500_000 }],
    prices: [
      {
        edition: listPrice,
        saas: bi('300,000 元/年', '300,000 yuan/year'),
        onPremise: bi('1,500,000 元 + 180,000 元/年', '1,500,000 yuan + 180,000 yuan/year'),
      },
    ],
    support: support7x24,
    sections: {
      introduction: [
        p(
          '系统直接读取平台单证日志与链路节点，授信依据可追溯到每一票货物。',
          'The system reads the platform’s document log and link nodes, so every credit decision traces to individual shipments.',
        ),
      ],
      functions: [
        list(
          ['客户准入与额度测算', 'Onboarding and limit sizing'],
          ['链路节点核验', 'Link-node verification'],
          ['贷后预警与催收', 'Post-loan alerts and collections'],
          ['监管报送', 'Regulatory reporting'],
        ),
      ],
      advantages: [
        list(
          ['数据源真实可审计', 'Auditable, real data sources'],
          ['模型可解释', 'Explainable models'],
          ['与核心系统松耦合', 'Loosely coupled to the core banking system'],
        ),
      ],
      features: [
        list(
          ['可视化规则编排', 'Visual rule builder'],
          ['预警订阅推送', 'Alert subscriptions by push'],
          ['多机构隔离', 'Multi-institution isolation'],
        ),
      ],
      flow: [standardFlow],
      qa: [
        p(
          '问：能否接入行内已有模型？答：支持以 HTTP 服务方式接入外部模型。',
          'Q: Can we plug in our own models? A: Yes, external models plug in as HTTP services.',
        ),
      ],
      afterSales: standardAfterSales('7×24 小时', '7×24'),
    },
  },
  {
    id: 302,
    appName: bi('关务系统', 'Customs clearance system'),
    category: 'CUSTOMS',
    categoryName: bi('跨境关务', 'Customs'),
    introduction: bi(
      '跨境电商与一般贸易的申报、三单对碰与税款核算系统，峰值每秒处理 300 单以上。',
      'Declaration, three-document matching and tax calculation for cross-border e-commerce and general trade, over 300 orders per second at peak.',
    ),
    sellPoints: [
      bi('每秒 300+ 单', '300+ orders per second'),
      bi('直连单一窗口', 'Direct single-window link'),
    ],
    lowestPrice: 36_000,
    details: tierDetails(),
    deploy: [{ name: bi('本地化部署', 'On-premise'), amount: 210_000 }],
    prices: tierRows('210,000 元 + 31,000 元/年', '210,000 yuan + 31,000 yuan/year'),
    support: support7x24,
    sections: {
      introduction: [
        p(
          '覆盖 1210 保税备货、9610 直购与 0110 一般贸易的全部申报环节。',
          'Covers every declaration step of 1210 bonded stocking, 9610 direct purchase and 0110 general trade.',
        ),
      ],
      functions: [
        list(
          ['清单与报关单申报', 'Manifest and declaration filing'],
          ['三单对碰', 'Three-document matching'],
          ['税款核算与缴纳', 'Tax calculation and payment'],
          ['回执解析', 'Receipt parsing'],
        ),
      ],
      advantages: [
        list(
          ['峰值每秒 300 单以上', 'Over 300 orders per second at peak'],
          ['回执自动推送', 'Receipts pushed as they arrive'],
          ['多口岸统一接入', 'All ports through one integration'],
        ),
      ],
      features: [
        list(
          ['申报规则库每日更新', 'Declaration rules updated daily'],
          ['异常单自动重报', 'Automatic resubmission of failed orders'],
          ['账册核销', 'Ledger write-off'],
        ),
      ],
      flow: [standardFlow],
      qa: [
        p(
          '问：超出年单量怎么办？答：可升级到更高档位。',
          'Q: What if we exceed the yearly volume? A: Move up to a higher tier.',
        ),
      ],
      afterSales: standardAfterSales('7×24 小时', '7×24'),
    },
  },
  {
    id: 303,
    appName: bi('云仓系统', 'Cloud warehouse system'),
    category: 'WAREHOUSE',
    categoryName: bi('仓储物流', 'Warehousing'),
    introduction: bi(
      '保税仓与海外仓的收货、上架、拣货、出库一体化管理。',
      'Receiving, shelving, picking and dispatch for bonded and overseas warehouses.',
    ),
    sellPoints: [bi('账册联动', 'Linked customs ledger'), bi('PDA 作业', 'Handheld operations')],
    lowestPrice: 36_000,
    details: tierDetails(),
    deploy: [{ name: bi('本地化部署', 'On-premise'), amount: 1_000_000 }],
    prices: tierRows('1,000,000 元 + 150,000 元/年', '1,000,000 yuan + 150,000 yuan/year'),
    support: support7x24,
    sections: {
      introduction: [
        p(
          '仓内作业与海关账册实时联动，出区即核销。',
          'Warehouse operations move the customs ledger in real time; release writes it off.',
        ),
      ],
      functions: [
        list(
          ['入库理货', 'Inbound tally'],
          ['库位管理', 'Location management'],
          ['波次拣货', 'Wave picking'],
          ['出区核放', 'Release from the zone'],
        ),
      ],
      advantages: [
        list(
          ['库存与海关账册一致', 'Stock agrees with the customs ledger'],
          ['支持多货主', 'Multiple cargo owners'],
          ['温控库支持', 'Temperature-controlled stores'],
        ),
      ],
      features: [
        list(
          ['批次与效期管理', 'Lot and expiry tracking'],
          ['库存推送给资金方', 'Stock pushed to lenders'],
          ['计费自动生成', 'Automatic billing'],
        ),
      ],
      flow: [standardFlow],
      qa: [
        p(
          '问：是否支持海外仓？答：支持，时区与币种按仓配置。',
          'Q: Overseas warehouses? A: Yes, with time zone and currency per warehouse.',
        ),
      ],
      afterSales: standardAfterSales('7×24 小时', '7×24'),
    },
  },
  {
    id: 304,
    appName: bi('配送系统', 'Delivery system'),
    category: 'LOGISTICS',
    categoryName: bi('仓储物流', 'Warehousing'),
    introduction: bi(
      '对接主流快递、港车与末端网点的配送调度系统。',
      'Dispatch across major couriers, cross-border trucks and last-mile depots.',
    ),
    sellPoints: [bi('电子面单', 'Electronic waybills'), bi('轨迹订阅', 'Tracking subscriptions')],
    lowestPrice: 36_000,
    details: tierDetails(),
    deploy: [{ name: bi('本地化部署', 'On-premise'), amount: 210_000 }],
    prices: tierRows('210,000 元 + 31,000 元/年', '210,000 yuan + 31,000 yuan/year'),
    support: support7x24,
    sections: {
      introduction: [
        p(
          '一次对接，统一下单、打单与轨迹回传。',
          'One integration for ordering, label printing and tracking.',
        ),
      ],
      functions: [
        list(
          ['多承运商下单', 'Multi-carrier ordering'],
          ['电子面单打印', 'Label printing'],
          ['轨迹订阅与推送', 'Tracking subscription and push'],
          ['运费对账', 'Freight reconciliation'],
        ),
      ],
      advantages: [
        list(
          ['多家承运商一次接入', 'Many carriers through one integration'],
          ['智能分单', 'Smart carrier selection'],
          ['异常件预警', 'Exception alerts'],
        ),
      ],
      features: [
        list(
          ['港车跨境调度', 'Cross-border truck dispatch'],
          ['签收回单影像', 'Proof-of-delivery images'],
          ['运费贷对接', 'Freight loans connected'],
        ),
      ],
      flow: [standardFlow],
      qa: [
        p(
          '问：推送失败会重试吗？答：会，按规范间隔重试并携带稳定事件 ID。',
          'Q: Are failed pushes retried? A: Yes, at the spec’s intervals with a stable event id.',
        ),
      ],
      afterSales: standardAfterSales('7×24 小时', '7×24'),
    },
  },
  {
    id: 305,
    appName: bi('站点管理系统', 'Station management system'),
    category: 'WAREHOUSE',
    categoryName: bi('仓储物流', 'Warehousing'),
    introduction: bi(
      '服务站点、仓库与车队的排班、作业与结算管理。',
      'Scheduling, operations and settlement for service stations, warehouses and fleets.',
    ),
    sellPoints: [bi('多站点协同', 'Multi-site coordination'), bi('自动结算', 'Automatic settlement')],
    lowestPrice: 36_000,
    details: tierDetails(),
    deploy: [{ name: bi('本地化部署', 'On-premise'), amount: 1_000_000 }],
    prices: tierRows('1,000,000 元 + 150,000 元/年', '1,000,000 yuan + 150,000 yuan/year'),
    support: support7x24,
    sections: {
      introduction: [
        p(
          '与云仓系统同档计价，适合多站点运营的服务商。',
          'Priced like the cloud warehouse; built for providers running many sites.',
        ),
      ],
      functions: [
        list(
          ['站点与人员排班', 'Sites and shift planning'],
          ['作业任务派发', 'Task dispatch'],
          ['车队调度', 'Fleet dispatch'],
          ['站点结算', 'Site settlement'],
        ),
      ],
      advantages: [
        list(
          ['多地站点统一调度', 'One schedule across sites'],
          ['移动端作业', 'Mobile operations'],
          ['与云仓共用主数据', 'Shares master data with the warehouse'],
        ),
      ],
      features: [
        list(
          ['站点看板', 'Site dashboards'],
          ['绩效统计', 'Performance statistics'],
          ['工单闭环', 'Closed-loop work orders'],
        ),
      ],
      flow: [standardFlow],
      qa: [
        p(
          '问：能否与云仓一起采购？答：可以，请咨询组合报价。',
          'Q: Can we buy it with the warehouse system? A: Yes; ask for a combined quote.',
        ),
      ],
      afterSales: standardAfterSales('7×24 小时', '7×24'),
    },
  },
  {
    id: 306,
    appName: bi('分销系统', 'Sales-distribution system'),
    category: 'ONLINE_SALE',
    categoryName: bi('在线销售', 'Online sales'),
    introduction: bi(
      '多级渠道的价格、库存与订单管理。',
      'Prices, stock and orders across multi-level channels.',
    ),
    sellPoints: [bi('多级价格体系', 'Multi-level pricing'), bi('库存共享', 'Shared stock')],
    lowestPrice: 150_000,
    details: [{ version: bi('SaaS', 'SaaS'), specifications: none, cycle: 'A_YEAR', amount: 150_000 }],
    deploy: [{ name: bi('本地化部署', 'On-premise'), amount: 500_000 }],
    prices: [
      {
        edition: listPrice,
        saas: bi('150,000 元/年', '150,000 yuan/year'),
        onPremise: bi('500,000 元 + 60,000 元/年', '500,000 yuan + 60,000 yuan/year'),
      },
    ],
    support: support7x24,
    sections: {
      introduction: [
        p(
          '品牌方向经销商、分销商统一供货，订单自动拆分到仓。',
          'Brands supply dealers and distributors from one place; orders split to warehouses automatically.',
        ),
      ],
      functions: [
        list(
          ['渠道价格管理', 'Channel pricing'],
          ['授信与账期', 'Credit and payment terms'],
          ['订单拆分', 'Order splitting'],
          ['返利结算', 'Rebate settlement'],
        ),
      ],
      advantages: [
        list(
          ['库存实时共享', 'Real-time shared stock'],
          ['渠道窜货监控', 'Channel conflict monitoring'],
          ['对接关务与配送', 'Connected to customs and delivery'],
        ),
      ],
      features: [
        list(
          ['小程序订货', 'Mini-program ordering'],
          ['电子合同', 'E-contracts'],
          ['销售数据授信', 'Sales data for credit'],
        ),
      ],
      flow: [standardFlow],
      qa: [
        p(
          '问：销售数据能用于融资吗？答：经授权后可用于应收与订单融资。',
          'Q: Can sales data back a loan? A: With your authorisation, for receivables and order finance.',
        ),
      ],
      afterSales: standardAfterSales('7×24 小时', '7×24'),
    },
  },
  {
    id: 307,
    appName: bi('商城系统', 'Mall system'),
    category: 'ONLINE_SALE',
    categoryName: bi('在线销售', 'Online sales'),
    introduction: bi(
      '支持跨境商品与保税发货的 B2B2C 商城。',
      'A B2B2C store supporting cross-border goods and bonded dispatch.',
    ),
    sellPoints: [bi('跨境支付', 'Cross-border payment'), bi('保税发货', 'Bonded dispatch')],
    lowestPrice: 150_000,
    // §9 gives a range (150,000 to 200,000 a year), not editions: the item's amount is where it starts.
    details: [
      {
        version: bi('SaaS', 'SaaS'),
        specifications: bi('150,000–200,000 元/年，以报价为准', '150,000–200,000 yuan/year, as quoted'),
        cycle: 'A_YEAR',
        amount: 150_000,
      },
    ],
    deploy: [{ name: bi('本地化部署', 'On-premise'), amount: 1_200_000 }],
    prices: [
      {
        edition: priceRange,
        saas: bi('150,000–200,000 元/年', '150,000–200,000 yuan/year'),
        onPremise: bi('1,200,000 元 + 120,000 元/年', '1,200,000 yuan + 120,000 yuan/year'),
      },
    ],
    support: support5x8,
    sections: {
      introduction: [
        p(
          '商城订单自动推送关务系统申报，消费者实名与支付单一键对碰。',
          'Store orders go straight to customs filing; shopper identity and payment are matched in one step.',
        ),
      ],
      functions: [
        list(
          ['商品与店铺管理', 'Products and stores'],
          ['营销活动', 'Promotions'],
          ['跨境支付与分账', 'Cross-border payment and splitting'],
          ['售后与退货', 'After-sales and returns'],
        ),
      ],
      advantages: [
        list(
          ['原生支持 9610/1210', 'Native 9610/1210 support'],
          ['个人额度校验', 'Personal quota checks'],
          ['多语言多币种', 'Multilingual, multi-currency'],
        ),
      ],
      features: [
        list(
          ['直播带货组件', 'Live-selling widgets'],
          ['会员体系', 'Membership'],
          ['分销裂变', 'Referral selling'],
        ),
      ],
      flow: [standardFlow],
      qa: [
        p(
          '问：客服时间？答：商城系统为 5×8 小时支持，其余产品为 7×24 小时。',
          'Q: Support hours? A: The mall has 5×8 support; the other products 7×24.',
        ),
      ],
      afterSales: standardAfterSales('5×8 小时', '5×8'),
    },
  },
  {
    id: 308,
    appName: bi('银行风险信息服务', 'Bank risk-information service'),
    category: 'FINANCE',
    categoryName: bi('金融科技', 'Fintech'),
    introduction: bi(
      '为合作银行提供企业贸易风险画像与变动推送的数据服务。',
      'A data service giving partner banks trade risk profiles of companies and pushes when they change.',
    ),
    sellPoints: [bi('企业贸易画像', 'Company trade profiles'), bi('变动实时推送', 'Live change pushes')],
    // §9 lists this page without a price: none is stated, the visitor asks for a quote.
    lowestPrice: null,
    details: [],
    deploy: [],
    prices: [],
    support: support7x24,
    sections: {
      introduction: [
        p(
          '数据来自企业授权的报关、物流与订单单证，按查询与订阅两种方式提供。',
          'Data comes from customs, logistics and order documents the company authorised, by query or by subscription.',
        ),
      ],
      functions: [
        list(
          ['企业贸易画像查询', 'Trade profile queries'],
          ['链路节点查询', 'Link-node queries'],
          ['风险变动订阅', 'Risk change subscriptions'],
        ),
      ],
      advantages: [
        list(
          ['授权可追溯', 'Traceable authorisation'],
          ['推送至少一次且幂等', 'At-least-once, idempotent pushes'],
          ['按需开通查询与订阅', 'Queries and subscriptions as needed'],
        ),
      ],
      features: [
        list(
          ['标准接口与回调', 'Standard interface and callbacks'],
          ['历史可回放', 'Replayable history'],
          ['多维预警规则', 'Multi-factor alert rules'],
        ),
      ],
      flow: [standardFlow],
      qa: [
        p(
          '问：是否支持私有化？答：该服务仅以 SaaS 方式提供。',
          'Q: Can it be installed on-premise? A: No, it is offered as SaaS only.',
        ),
      ],
      afterSales: standardAfterSales('7×24 小时', '7×24'),
    },
  },
  {
    id: 309,
    appName: bi('ERP 套件', 'ERP suite'),
    category: 'ERP',
    categoryName: bi('企业管理', 'Enterprise management'),
    introduction: bi(
      '面向外贸企业的进销存、财务与报关一体化 ERP。',
      'Purchasing, sales, stock, finance and customs in one ERP for trading firms.',
    ),
    sellPoints: [bi('按模块订阅', 'Subscribe by module'), bi('对接平台单证', 'Linked to platform documents')],
    lowestPrice: 10_000,
    // §9: "10,000 to 300,000/year", no editions: one item from its lowest price, the range stated.
    details: [
      {
        version: bi('SaaS', 'SaaS'),
        specifications: bi('10,000–300,000 元/年，以报价为准', '10,000–300,000 yuan/year, as quoted'),
        cycle: 'A_YEAR',
        amount: 10_000,
      },
    ],
    deploy: [],
    prices: [
      { edition: priceRange, saas: bi('10,000–300,000 元/年', '10,000–300,000 yuan/year'), onPremise: none },
    ],
    support: support7x24,
    sections: {
      introduction: [
        p(
          '采购、销售单据自动生成平台标准单证，一次录入多处使用。',
          'Purchase and sales records become standard platform documents automatically: enter once, use everywhere.',
        ),
      ],
      functions: [
        list(
          ['进销存', 'Purchasing, sales and stock'],
          ['财务总账', 'General ledger'],
          ['报关资料', 'Customs data'],
          ['出口退税', 'Export rebates'],
        ),
      ],
      advantages: [
        list(
          ['价格 10,000 至 300,000 元/年', '10,000 to 300,000 yuan a year'],
          ['开箱即用', 'Ready out of the box'],
          ['数据可导出', 'Data exportable'],
        ),
      ],
      features: [
        list(
          ['多币种核算', 'Multi-currency accounting'],
          ['单证一键推送', 'One-click document push'],
          ['移动审批', 'Mobile approvals'],
        ),
      ],
      flow: [standardFlow],
      qa: [
        p(
          '问：能否本地化部署？答：ERP 套件仅提供 SaaS 版本。',
          'Q: On-premise? A: The ERP suite is SaaS only.',
        ),
      ],
      afterSales: standardAfterSales('7×24 小时', '7×24'),
    },
  },
];
