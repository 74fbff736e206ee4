import type { FormPage, PageId } from '../app/routes.ts';

/**
 * Texts of the portal's marketing and scenario pages (§1, §2). These pages carry no data from
 * the backend; their copy is part of the site like the dictionaries, so it says what the platform
 * does and claims nothing only an operator can vouch for — names, schedules, counts, review or
 * payout times belong in the operator's content file (web/README.md "Marketing and scenario pages").
 */
export interface Card {
  title: string;
  text: string;
}
export interface MarketingContent {
  title: string;
  lead: string;
  sections: { heading: string; cards: Card[] }[];
  cta?: { text: string; page: PageId; param?: string };
  form?: FormPage;
}

type Pair = { cn: MarketingContent; en: MarketingContent };

const c = (title: string, text: string): Card => ({ title, text });

export const marketing = {
  financialTechnology: {
    cn: {
      title: '金融科技',
      lead: '以贸易真实数据为底座，为银行、保理与担保机构提供风控、贷后与资产穿透能力。',
      sections: [
        {
          heading: '能力矩阵',
          cards: [
            c('单证链路穿透', '报关、入库、出库与物流单证按业务编号自动串联，融资单可追溯至每一票货物。'),
            c('风控模型服务', '基于报关与销售数据的授信模型，支持额度测算、预警与贷后监控。'),
            c('资金闭环监管', '回款账户监控与货权质押联动，确保融资资金用于真实贸易。'),
          ],
        },
      ],
      cta: { text: '查看融资产品', page: 'cloudFinance' },
    },
    en: {
      title: 'Fintech',
      lead: 'Real trade data as the base for risk control, post-loan monitoring and asset transparency for banks, factors and guarantors.',
      sections: [
        {
          heading: 'Capabilities',
          cards: [
            c(
              'Document chain tracing',
              'Declarations, inbound, outbound and transport documents are joined by business number, so a loan traces to every shipment.',
            ),
            c(
              'Risk models as a service',
              'Credit models on customs and sales data for limit sizing, early warnings and post-loan monitoring.',
            ),
            c(
              'Closed-loop funds',
              'Collection-account monitoring tied to pledged goods keeps loan money in real trade.',
            ),
          ],
        },
      ],
      cta: { text: 'See financing products', page: 'cloudFinance' },
    },
  },
  productCross: {
    cn: {
      title: '跨境产品',
      lead: '覆盖跨境电商保税备货、直购进口与一般贸易出口的全流程系统。',
      sections: [
        {
          heading: '产品线',
          cards: [
            c('关务系统', '三单对碰、清单申报与税款核算，峰值每秒处理 300 单以上。'),
            c('云仓系统', '保税仓收货、上架、拣货、出区一体化，支持账册核销。'),
            c('配送系统', '对接主流快递与港车，实时回传轨迹。'),
          ],
        },
      ],
      cta: { text: '进入应用市场', page: 'marketplace' },
    },
    en: {
      title: 'Cross-border products',
      lead: 'Systems for bonded stocking, direct-purchase imports and general-trade exports, end to end.',
      sections: [
        {
          heading: 'Product line',
          cards: [
            c(
              'Customs system',
              'Three-document matching, manifest declaration and tax calculation at over 300 orders per second.',
            ),
            c(
              'Cloud warehouse',
              'Receiving, shelving, picking and release from the bonded zone, with ledger write-off.',
            ),
            c('Delivery system', 'Connected to major couriers and cross-border trucks, with live tracking.'),
          ],
        },
      ],
      cta: { text: 'Go to the application market', page: 'marketplace' },
    },
  },
  productOnline: {
    cn: {
      title: '在线产品',
      lead: '开通即用的 SaaS 服务，按年订阅，数据随时可导出。',
      sections: [
        {
          heading: '热门订阅',
          cards: [
            c('分销系统', '多级渠道价格与库存共享，订单自动拆分到仓。'),
            c('商城系统', 'B2B2C 商城，支持跨境商品与保税发货。'),
            c('站点管理', '服务站点、仓库与车队统一排班与结算。'),
          ],
        },
      ],
      cta: { text: '查看价格', page: 'marketplace' },
    },
    en: {
      title: 'Online products',
      lead: 'SaaS services ready on sign-up, subscribed yearly, with data exportable at any time.',
      sections: [
        {
          heading: 'Popular subscriptions',
          cards: [
            c(
              'Distribution system',
              'Multi-level channel prices and shared stock; orders split to warehouses automatically.',
            ),
            c('Mall system', 'A B2B2C store supporting cross-border goods and bonded dispatch.'),
            c(
              'Station management',
              'One schedule and settlement for service stations, warehouses and fleets.',
            ),
          ],
        },
      ],
      cta: { text: 'See prices', page: 'marketplace' },
    },
  },
  productPolicy: {
    cn: {
      title: '产品政策',
      lead: '面向入驻服务商与企业用户的上架、定价与结算规则。',
      sections: [
        {
          heading: '政策要点',
          cards: [
            c('上架审核', '应用提交后由平台审核，驳回时附原因。'),
            c('价格透明', '所有 SaaS 与本地化部署价格在商品页公开，不收取隐性费用。'),
            c('结算规则', '服务商收入按平台规则结算，规则在规则中心公开。'),
          ],
        },
      ],
      cta: { text: '阅读平台规则', page: 'ruleCenter', param: '5105' },
    },
    en: {
      title: 'Product policy',
      lead: 'Listing, pricing and settlement rules for partner providers and business users.',
      sections: [
        {
          heading: 'Key points',
          cards: [
            c(
              'Listing review',
              'Submitted applications are reviewed by the platform; rejections state the reason.',
            ),
            c(
              'Transparent prices',
              'All SaaS and on-premise prices are public on the product page, with no hidden fees.',
            ),
            c(
              'Settlement rules',
              'Provider income is settled under the platform rules, published in the rules centre.',
            ),
          ],
        },
      ],
      cta: { text: 'Read the platform rules', page: 'ruleCenter', param: '5105' },
    },
  },
  about: {
    cn: {
      title: '关于我们',
      lead: '数字贸易服务平台服务大湾区、黄石与银川三地的外贸企业。',
      sections: [
        {
          heading: '我们在做什么',
          cards: [
            c('可信贸易数据', '14 类单证标准接口接入物流、关务与商务数据，形成不可篡改的贸易日志。'),
            c('开放协作', '向银行、保险、税务与物流伙伴开放查询与推送接口。'),
            c('普惠金融', '让中小外贸企业凭真实数据获得低成本融资。'),
          ],
        },
      ],
      cta: { text: '联系我们', page: 'contactUs' },
    },
    en: {
      title: 'About us',
      lead: 'The platform serves exporters in the Greater Bay Area, Huangshi and Yinchuan.',
      sections: [
        {
          heading: 'What we do',
          cards: [
            c(
              'Trustworthy trade data',
              '14 standard document interfaces bring in logistics, customs and commerce data as a tamper-evident trade log.',
            ),
            c(
              'Open collaboration',
              'Query and push interfaces for banks, insurers, tax and logistics partners.',
            ),
            c('Inclusive finance', 'Small exporters get low-cost loans on the strength of real data.'),
          ],
        },
      ],
      cta: { text: 'Contact us', page: 'contactUs' },
    },
  },
  serviceAdaptation: {
    cn: {
      title: '资金方服务',
      lead: '为银行与持牌金融机构提供获客、风控与贷后一体化的数据服务。',
      sections: [
        {
          heading: '服务内容',
          cards: [
            c('精准获客', '按报关额、销售额与纳税等级筛选目标客户。'),
            c('链路核验', '融资单一键查询关联的报关、入库与采购单证。'),
            c('贷后预警', '订阅单证与物流变更推送，异常即时通知。'),
          ],
        },
      ],
      cta: { text: '查询链路接口', page: 'docsCenter', param: 'logistics' },
    },
    en: {
      title: 'For fund providers',
      lead: 'Customer acquisition, risk control and post-loan data services for banks and licensed lenders.',
      sections: [
        {
          heading: 'Services',
          cards: [
            c('Targeted acquisition', 'Find borrowers by declared value, sales and tax grade.'),
            c(
              'Chain verification',
              'Look up the declarations, inbound and purchase documents behind a financing request in one call.',
            ),
            c(
              'Post-loan alerts',
              'Subscribe to document and logistics changes and hear about anomalies at once.',
            ),
          ],
        },
      ],
      cta: { text: 'See the link-node interface', page: 'docsCenter', param: 'logistics' },
    },
  },
  digitalUpgrade: {
    cn: {
      title: '服务商数字化升级',
      lead: '帮助报关行、货代与仓储企业把线下作业搬上云端，并直接对接资金方。',
      sections: [
        {
          heading: '升级路径',
          cards: [
            c('标准接口接入', '按平台标准推送单证，即可被银行与货主查询。'),
            c('SaaS 作业系统', '关务、云仓、配送系统开通即用。'),
            c('入驻应用市场', '上架自有产品，触达平台上的外贸企业。'),
          ],
        },
      ],
      cta: { text: '申请入驻', page: 'partnerIn' },
    },
    en: {
      title: 'For service providers',
      lead: 'Helps customs brokers, forwarders and warehouses move operations to the cloud and connect straight to lenders.',
      sections: [
        {
          heading: 'Upgrade path',
          cards: [
            c(
              'Standard interfaces',
              'Push documents in the platform format and banks and cargo owners can query them.',
            ),
            c('SaaS operations', 'Customs, cloud warehouse and delivery systems ready to use.'),
            c('Sell in the market', 'List your own products and reach the exporters on the platform.'),
          ],
        },
      ],
      cta: { text: 'Apply to join', page: 'partnerIn' },
    },
  },
  globalOperation: {
    cn: {
      title: '货主全球化经营',
      lead: '为品牌商与工厂提供出海所需的物流、关务、融资与营销服务。',
      sections: [
        {
          heading: '一站式出海',
          cards: [
            c('全程可视', '海运、空运与卡车轨迹统一查询与订阅。'),
            c('订单融资', '凭跨境订单与报关数据申请融资。'),
            c('海外营销', '云营销工具覆盖主流跨境平台与社媒。'),
          ],
        },
      ],
      cta: { text: '查看订单融资', page: 'cloudFinanceDetail', param: 'Kjdsddrz' },
    },
    en: {
      title: 'For cargo owners',
      lead: 'Logistics, customs, finance and marketing for brands and factories going global.',
      sections: [
        {
          heading: 'One stop to go global',
          cards: [
            c('End-to-end visibility', 'One place to query and subscribe to ocean, air and truck tracking.'),
            c('Order financing', 'Apply for loans against cross-border orders and declarations.'),
            c(
              'Overseas marketing',
              'Cloud marketing tools for the main cross-border platforms and social media.',
            ),
          ],
        },
      ],
      cta: { text: 'See order financing', page: 'cloudFinanceDetail', param: 'Kjdsddrz' },
    },
  },
  cloudMark: {
    cn: {
      title: '云营销',
      lead: '面向外贸企业的获客与品牌工具。',
      sections: [
        {
          heading: '营销工具',
          cards: [
            c('海外建站', '多语言独立站模板，内置询盘表单。'),
            c('展会直播', '线上展厅与直播带货，沉淀采购商线索。'),
            c('线索管理', '询盘自动分配给销售，跟进记录可追溯。'),
          ],
        },
      ],
      cta: { text: '进入展厅', page: 'showRoom' },
    },
    en: {
      title: 'Cloud marketing',
      lead: 'Lead-generation and brand tools for exporters.',
      sections: [
        {
          heading: 'Marketing tools',
          cards: [
            c('Overseas websites', 'Multilingual site templates with built-in inquiry forms.'),
            c('Fair live streams', 'Online showroom and live selling that collect buyer leads.'),
            c('Lead management', 'Inquiries routed to sales automatically, with traceable follow-ups.'),
          ],
        },
      ],
      cta: { text: 'Visit the showroom', page: 'showRoom' },
    },
  },
  nxIntroduce: {
    cn: {
      title: '宁夏银川站',
      lead: '银川站服务宁夏及西北地区的外贸企业。',
      sections: [
        {
          heading: '本地服务',
          cards: [
            c('中阿贸易通道', '面向阿拉伯国家的出口通关与物流服务。'),
            c('枸杞与葡萄酒出口', '产地溯源与原产地证书一站办理。'),
            c('融资', '订单与存货融资产品见云金融。'),
          ],
        },
      ],
      cta: { text: '服务站点', page: 'siteList' },
    },
    en: {
      title: 'Yinchuan site (Ningxia)',
      lead: 'The Yinchuan site serves exporters in Ningxia and the north-west.',
      sections: [
        {
          heading: 'Local services',
          cards: [
            c('China–Arab trade corridor', 'Export clearance and logistics towards Arab countries.'),
            c('Goji and wine exports', 'Origin traceability and certificates of origin in one place.'),
            c('Finance', 'Order and inventory loans are listed under cloud finance.'),
          ],
        },
      ],
      cta: { text: 'Service sites', page: 'siteList' },
    },
  },
  digitalOperation: {
    cn: {
      title: '数字运营',
      lead: '用统一的单证日志驱动订单、库存与物流的实时运营看板。',
      sections: [
        {
          heading: '场景',
          cards: [
            c('订单状态追踪', '采购、销售与报关单证自动归并为订单时间线。'),
            c('库存可视', '保税仓与海外仓库存按日汇总，出入库明细可查。'),
            c('异常告警', '超时未清关、超期库存自动提醒。'),
          ],
        },
      ],
      cta: { text: '了解开放接口', page: 'technologyPlatform' },
    },
    en: {
      title: 'Digital operation',
      lead: 'One document log drives live dashboards of orders, stock and logistics.',
      sections: [
        {
          heading: 'Scenarios',
          cards: [
            c(
              'Order status tracking',
              'Purchase, sales and declaration documents merge into one order timeline.',
            ),
            c(
              'Stock visibility',
              'Bonded and overseas warehouse stock summarised daily with movement details.',
            ),
            c('Exception alerts', 'Reminders for clearance delays and ageing stock.'),
          ],
        },
      ],
      cta: { text: 'See the open interfaces', page: 'technologyPlatform' },
    },
  },
  digitalFinance: {
    cn: {
      title: '数字金融',
      lead: '数据授权即可申请，银行在线审批，额度随经营数据动态调整。',
      sections: [
        {
          heading: '场景',
          cards: [
            c('订单融资', '凭跨境订单获得备货资金。'),
            c('存货质押', '保税仓货物在库即可融资，随借随还。'),
            c('应收保理', '出口应收账款转让，提前回笼资金。'),
          ],
        },
      ],
      cta: { text: '查看融资产品', page: 'cloudFinance' },
    },
    en: {
      title: 'Digital finance',
      lead: 'Apply by authorising data, get approved online, and see limits follow your business.',
      sections: [
        {
          heading: 'Scenarios',
          cards: [
            c('Order financing', 'Stocking money against cross-border orders.'),
            c('Inventory pledge', 'Borrow against goods in a bonded warehouse; repay any time.'),
            c('Receivables factoring', 'Sell export receivables and get paid early.'),
          ],
        },
      ],
      cta: { text: 'See financing products', page: 'cloudFinance' },
    },
  },
  digitalInsurance: {
    cn: {
      title: '数字保险',
      lead: '平台的物流轨迹与单证数据，可供保险机构用于货运险、关税保证保险与出口信用保险的承保与理赔。',
      sections: [
        {
          heading: '险种',
          cards: [
            c('货物运输险', '按票核对运输轨迹与单证。'),
            c('关税保证保险', '替代保证金，先放行后缴税。'),
            c('出口信用保险', '覆盖买方拒收与拖欠风险。'),
          ],
        },
      ],
      cta: { text: '咨询保险方案', page: 'serviceAsk' },
    },
    en: {
      title: 'Digital insurance',
      lead: 'The platform’s tracking and document data, for insurers underwriting and settling cargo, customs-bond and export credit cover.',
      sections: [
        {
          heading: 'Cover',
          cards: [
            c('Cargo insurance', 'Tracking and documents checked per shipment.'),
            c('Customs bond insurance', 'Replaces cash deposits: release first, pay duty later.'),
            c('Export credit insurance', 'Covers buyer rejection and late payment.'),
          ],
        },
      ],
      cta: { text: 'Ask about cover', page: 'serviceAsk' },
    },
  },
  digitalTaxation: {
    cn: {
      title: '数字税务',
      lead: '出口退税、跨境电商零售进口税与发票数据的一体化服务。',
      sections: [
        {
          heading: '场景',
          cards: [
            c('出口退税测算', '按报关单自动匹配退税率与进项发票。'),
            c('跨境零售进口税', '按订单核算综合税并生成缴款明细。'),
            c('税务数据授信', '纳税等级与开票数据用于融资授信。'),
          ],
        },
      ],
      cta: { text: '咨询税务专家', page: 'specialistOnline' },
    },
    en: {
      title: 'Digital taxation',
      lead: 'Export rebates, cross-border retail import tax and invoice data in one service.',
      sections: [
        {
          heading: 'Scenarios',
          cards: [
            c(
              'Export rebate estimates',
              'Declarations matched with rebate rates and input invoices automatically.',
            ),
            c('Retail import tax', 'Combined tax per order with payment details.'),
            c('Tax data for credit', 'Tax grade and invoicing data count towards loan limits.'),
          ],
        },
      ],
      cta: { text: 'Ask a tax expert', page: 'specialistOnline' },
    },
  },
  serviceAsk: {
    cn: {
      title: '服务咨询',
      lead: '告诉我们您的业务场景，顾问为您推荐合适的产品与方案。',
      sections: [
        {
          heading: '常见咨询',
          cards: [
            c('融资额度怎么评估？', '由资金方依据您授权的报关、销售与回款数据审批。'),
            c('系统多久能上线？', 'SaaS 开通即用；本地化部署的周期由顾问按需求确认。'),
            c('接口如何对接？', '参照文档中心的接口说明与示例。'),
          ],
        },
      ],
      form: 'contact',
    },
    en: {
      title: 'Service enquiry',
      lead: 'Tell us about your business and an adviser recommends products and solutions.',
      sections: [
        {
          heading: 'Common questions',
          cards: [
            c(
              'How is a credit limit assessed?',
              'The lender decides, on the customs, sales and collection data you authorise.',
            ),
            c(
              'How soon can a system go live?',
              'SaaS on sign-up; an adviser agrees on-premise timing with you.',
            ),
            c('How do I integrate?', 'Follow the interface reference and examples in the docs centre.'),
          ],
        },
      ],
      form: 'contact',
    },
  },
} satisfies Record<string, Pair>;

export type MarketingPageId = keyof typeof marketing;
export const isMarketingPage = (page: PageId): page is MarketingPageId & PageId => page in marketing;
