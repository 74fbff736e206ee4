import { type Bi, bi } from './types.ts';

/**
 * The cloud-finance catalogue of portal spec §9: the two-level filter (data type, then
 * institution) and the loan products behind the detail pages of §2 (cloudFinance{Slug}.html).
 * Rates run from 2.9% to 6%, limits from 1,000万 to 1亿 yuan, as §9 states.
 */
export const dataTypes: { value: string; label: Bi }[] = [
  { value: 'all', label: bi('全部', 'All') },
  { value: 'customs', label: bi('报关数据', 'Customs data') },
  { value: 'sales', label: bi('销售数据', 'Sales data') },
  { value: 'tax', label: bi('税务数据', 'Tax data') },
  { value: 'statements', label: bi('财务报表', 'Financial statements') },
  { value: 'inventory', label: bi('库存数据', 'Inventory data') },
  { value: 'purchasing', label: bi('采购数据', 'Purchasing data') },
  { value: 'express', label: bi('快递物流', 'Express delivery') },
  { value: 'seaFreight', label: bi('海运数据', 'Sea freight') },
  { value: 'winningBid', label: bi('中标订单', 'Winning-bid orders') },
  { value: 'patents', label: bi('专利数据', 'Patents') },
  { value: 'userTags', label: bi('用户标签', 'User tags') },
  { value: 'providentFund', label: bi('公积金', 'Provident fund') },
];

export const institutions: { value: string; label: Bi; kind: Bi }[] = [
  { value: 'all', label: bi('全部', 'All'), kind: bi('', '') },
  { value: 'boc', label: bi('中国银行', 'Bank of China'), kind: bi('国有银行', 'State bank') },
  { value: 'bocom', label: bi('交通银行', 'Bank of Communications'), kind: bi('国有银行', 'State bank') },
  {
    value: 'xib',
    label: bi('厦门国际银行', 'Xiamen International Bank'),
    kind: bi('合资银行', 'Joint-venture bank'),
  },
  {
    value: 'macauChinese',
    label: bi('澳门华人银行', 'Macau Chinese Bank'),
    kind: bi('澳门银行', 'Macau bank'),
  },
  { value: 'bnu', label: bi('大西洋银行', 'Banco Nacional Ultramarino'), kind: bi('澳门银行', 'Macau bank') },
  {
    value: 'guarantee',
    label: bi('粤进出口融资担保', 'Guangdong Trade Finance Guarantee'),
    kind: bi('担保公司', 'Guarantee firm'),
  },
  {
    value: 'techFinance',
    label: bi('数贸科技金融', 'TradeTech Finance'),
    kind: bi('科技金融', 'Technology finance'),
  },
  { value: 'lakala', label: bi('拉卡拉', 'Lakala'), kind: bi('收单支付', 'Card payment') },
  { value: 'pingan', label: bi('平安银行', 'Ping An Bank'), kind: bi('商业银行', 'Commercial bank') },
  {
    value: 'cdb',
    label: bi('国家开发银行', 'China Development Bank'),
    kind: bi('开发性银行', 'Development bank'),
  },
];

export interface SeedFinanceProduct {
  slug: string;
  name: Bi;
  kind: Bi;
  institution: string;
  dataTypes: string[];
  rateMin: number;
  rateMax: number;
  limitWan: number;
  termMonths: number;
  guarantee: Bi;
  summary: Bi;
  features: Bi[];
  hot?: boolean;
}

const credit = bi('信用', 'Unsecured');
const pledge = bi('货权质押', 'Pledge of goods');
const receivables = bi('应收账款转让', 'Assignment of receivables');
const guaranteed = bi('担保公司保证', 'Guarantee company');

export const financeProducts: SeedFinanceProduct[] = [
  {
    slug: 'Detail',
    name: bi('外贸直贷', 'Exporter direct loan'),
    kind: bi('直接贷款', 'Direct loan'),
    institution: 'boc',
    dataTypes: ['customs', 'tax'],
    rateMin: 3.45,
    rateMax: 4.35,
    limitWan: 3000,
    termMonths: 12,
    guarantee: credit,
    summary: bi(
      '凭报关与纳税记录获得信用贷款，无需抵押。',
      'An unsecured loan on the strength of customs and tax records.',
    ),
    features: [
      bi('线上申请，3 个工作日审批', 'Apply online; approval in 3 working days'),
      bi('按日计息，随借随还', 'Daily interest; draw and repay any time'),
    ],
  },
  {
    slug: 'Lklblrz',
    name: bi('拉卡拉保理融资', 'Lakala factoring'),
    kind: bi('保理', 'Factoring'),
    institution: 'lakala',
    dataTypes: ['sales', 'userTags'],
    rateMin: 4.5,
    rateMax: 6,
    limitWan: 1000,
    termMonths: 6,
    guarantee: receivables,
    summary: bi(
      '以平台销售应收账款转让融资，回款自动还款。',
      'Sell platform receivables; collections repay automatically.',
    ),
    features: [
      bi('按笔融资，最快当天到账', 'Per-invoice financing, paid out the same day'),
      bi('回款账户自动扣款', 'Repaid from the collection account'),
    ],
  },
  {
    slug: 'Xsxed',
    name: bi('存货质押快贷', 'Inventory-pledge quick loan'),
    kind: bi('存货质押', 'Inventory pledge'),
    institution: 'bocom',
    dataTypes: ['inventory', 'customs'],
    rateMin: 3.6,
    rateMax: 4.8,
    limitWan: 5000,
    termMonths: 12,
    guarantee: pledge,
    summary: bi(
      '保税仓在库货物质押，额度随库存动态调整。',
      'Pledge goods in a bonded warehouse; the limit follows stock levels.',
    ),
    features: [
      bi('监管仓数据实时核库', 'Live stock checks from the supervised warehouse'),
      bi('出库即还款释放货权', 'Repay on release to free the goods'),
    ],
  },
  {
    slug: 'Dhd',
    name: bi('订货贷', 'Purchase-order loan'),
    kind: bi('订单融资', 'Order financing'),
    institution: 'cdb',
    dataTypes: ['purchasing', 'customs'],
    rateMin: 2.9,
    rateMax: 3.8,
    limitWan: 10000,
    termMonths: 36,
    guarantee: guaranteed,
    summary: bi(
      '面向重点产业链核心企业的大额采购融资。',
      'Large purchasing loans for core firms of key supply chains.',
    ),
    features: [
      bi('期限最长 36 个月', 'Terms up to 36 months'),
      bi('可覆盖上游多家供应商', 'Covers several upstream suppliers'),
    ],
  },
  {
    slug: 'Mzcdhd',
    name: bi('出口订货贷（澳门）', 'Export order loan (Macau)'),
    kind: bi('订单融资', 'Order financing'),
    institution: 'macauChinese',
    dataTypes: ['customs', 'seaFreight'],
    rateMin: 3.2,
    rateMax: 4.5,
    limitWan: 3000,
    termMonths: 12,
    guarantee: credit,
    summary: bi(
      '澳门银行跨境放款，支持美元与港币。',
      'Cross-border lending from a Macau bank in USD or HKD.',
    ),
    features: [
      bi('多币种放款', 'Multi-currency disbursement'),
      bi('以海运提单数据核验出货', 'Shipments verified with bill-of-lading data'),
    ],
  },
  {
    slug: 'Jtyhphed',
    name: bi('交行普惠 e 贷', 'BoCom inclusive e-loan'),
    kind: bi('信用贷款', 'Credit loan'),
    institution: 'bocom',
    dataTypes: ['tax', 'statements'],
    rateMin: 3.4,
    rateMax: 4.2,
    limitWan: 1000,
    termMonths: 12,
    guarantee: credit,
    summary: bi(
      '依据纳税与财务报表的小微企业信用贷。',
      'A credit loan for small firms based on tax and financial statements.',
    ),
    features: [bi('全线上办理', 'Entirely online'), bi('纳税 B 级以上可申请', 'Tax grade B or above')],
  },
  {
    slug: 'Zgyhwmd',
    name: bi('中行外贸贷', 'BOC foreign-trade loan'),
    kind: bi('信用贷款', 'Credit loan'),
    institution: 'boc',
    dataTypes: ['customs', 'tax'],
    rateMin: 3.3,
    rateMax: 4,
    limitWan: 2000,
    termMonths: 12,
    guarantee: credit,
    summary: bi('面向年出口额 500 万元以上企业。', 'For firms exporting over 5 million yuan a year.'),
    features: [
      bi('可叠加出口退税账户质押', 'Can add a pledge of the export rebate account'),
      bi('循环额度', 'Revolving limit'),
    ],
  },
  {
    slug: 'Ztyhxyz',
    name: bi('跨境信用证融资', 'Cross-border letter-of-credit finance'),
    kind: bi('贸易融资', 'Trade finance'),
    institution: 'bnu',
    dataTypes: ['customs', 'seaFreight'],
    rateMin: 3.5,
    rateMax: 4.6,
    limitWan: 5000,
    termMonths: 6,
    guarantee: credit,
    summary: bi('信用证项下打包贷款与押汇。', 'Packing loans and negotiation under letters of credit.'),
    features: [
      bi('支持葡语国家贸易', 'Supports trade with Portuguese-speaking countries'),
      bi('单证电子化审核', 'Electronic document checks'),
    ],
  },
  {
    slug: 'Jcdbrzdb',
    name: bi('进出口融资担保', 'Import-export financing guarantee'),
    kind: bi('融资担保', 'Financing guarantee'),
    institution: 'guarantee',
    dataTypes: ['winningBid', 'statements'],
    rateMin: 4,
    rateMax: 5.5,
    limitWan: 3000,
    termMonths: 12,
    guarantee: guaranteed,
    summary: bi(
      '为缺少抵押物的外贸企业提供银行贷款担保。',
      'Guarantees bank loans for exporters without collateral.',
    ),
    features: [bi('担保费率 1% 起', 'Guarantee fee from 1%'), bi('合作银行 12 家', 'Works with 12 banks')],
  },
  {
    slug: 'Payhzced',
    name: bi('政采 e 贷', 'Government-procurement e-loan'),
    kind: bi('订单融资', 'Order financing'),
    institution: 'pingan',
    dataTypes: ['winningBid'],
    rateMin: 3.85,
    rateMax: 5,
    limitWan: 1000,
    termMonths: 12,
    guarantee: credit,
    summary: bi('凭政府采购中标通知书融资。', 'Borrow against government procurement awards.'),
    features: [
      bi('中标即可申请', 'Apply as soon as you win'),
      bi('回款直接还款', 'Repaid from the buyer’s payment'),
    ],
  },
  {
    slug: 'Gdzykjtb',
    name: bi('知识产权科技贷', 'IP-backed technology loan'),
    kind: bi('科技贷款', 'Technology loan'),
    institution: 'techFinance',
    dataTypes: ['patents', 'tax'],
    rateMin: 3.5,
    rateMax: 5.2,
    limitWan: 2000,
    termMonths: 24,
    guarantee: bi('专利权质押', 'Patent pledge'),
    summary: bi(
      '以有效发明专利质押，面向高新技术外贸企业。',
      'Pledge granted invention patents; for high-tech exporters.',
    ),
    features: [
      bi('专利评估费由平台承担', 'The platform pays for the patent valuation'),
      bi('期限最长 24 个月', 'Terms up to 24 months'),
    ],
  },
  {
    slug: 'Amhryh',
    name: bi('澳门华人银行跨境贷', 'Macau Chinese Bank cross-border loan'),
    kind: bi('跨境贷款', 'Cross-border loan'),
    institution: 'macauChinese',
    dataTypes: ['customs', 'statements'],
    rateMin: 3,
    rateMax: 4.2,
    limitWan: 5000,
    termMonths: 12,
    guarantee: credit,
    summary: bi('服务横琴与澳门两地经营的贸易企业。', 'For trading firms operating in Hengqin and Macau.'),
    features: [
      bi('两地账户联动', 'Linked accounts on both sides'),
      bi('港币、澳门元、人民币放款', 'HKD, MOP or CNY disbursement'),
    ],
  },
  {
    slug: 'Llgyljrd',
    name: bi('冷链采购融资', 'Cold-chain purchasing loan'),
    kind: bi('采购融资', 'Purchasing finance'),
    institution: 'xib',
    dataTypes: ['purchasing', 'inventory'],
    rateMin: 3.8,
    rateMax: 5.2,
    limitWan: 3000,
    termMonths: 6,
    guarantee: pledge,
    summary: bi(
      '进口冷链食品采购资金，货到监管冷库即质押。',
      'Funds imported cold-chain food; goods are pledged on arrival in a supervised cold store.',
    ),
    features: [
      bi('温控数据接入风控', 'Temperature data feeds risk control'),
      bi('支持肉类、水产与乳制品', 'Meat, seafood and dairy'),
    ],
  },
  {
    slug: 'Kjdsddrz',
    name: bi('跨境电商订单融资', 'Cross-border e-commerce order financing'),
    kind: bi('订单融资', 'Order financing'),
    institution: 'techFinance',
    dataTypes: ['sales', 'express', 'userTags'],
    rateMin: 4.2,
    rateMax: 6,
    limitWan: 2000,
    termMonths: 6,
    guarantee: credit,
    summary: bi(
      '凭平台店铺订单与物流数据获得备货资金。',
      'Stocking funds on store orders and logistics data.',
    ),
    features: [
      bi('最快当天放款', 'Paid out as soon as the same day'),
      bi('支持主流跨境平台店铺', 'Works with the main cross-border marketplaces'),
    ],
    hot: true,
  },
  {
    slug: 'Hmcgwy',
    name: bi('免税采购委托融资', 'Duty-free purchasing agency finance'),
    kind: bi('贸易采购代理', 'Trade purchasing agency'),
    institution: 'xib',
    dataTypes: ['purchasing'],
    rateMin: 3.9,
    rateMax: 5,
    limitWan: 10000,
    termMonths: 12,
    guarantee: pledge,
    summary: bi(
      '为免税渠道采购商代付货款，货权由平台监管。',
      'Pays suppliers on behalf of duty-free buyers; the platform controls the goods.',
    ),
    features: [
      bi('代采代付', 'Purchasing and payment on your behalf'),
      bi('单笔最高 1 亿元', 'Up to 100 million yuan per deal'),
    ],
  },
  {
    slug: 'Myjr',
    name: bi('网商经营贷', 'Online merchant loan'),
    kind: bi('信用贷款', 'Credit loan'),
    institution: 'techFinance',
    dataTypes: ['sales', 'userTags'],
    rateMin: 4.5,
    rateMax: 6,
    limitWan: 1000,
    termMonths: 12,
    guarantee: credit,
    summary: bi('面向电商卖家的纯信用经营贷款。', 'An unsecured business loan for online sellers.'),
    features: [
      bi('3 分钟申请，1 秒放款', 'Apply in 3 minutes, paid in seconds'),
      bi('按日计息', 'Daily interest'),
    ],
  },
  {
    slug: 'Zgyhysrz',
    name: bi('中行应收融资', 'BOC receivables finance'),
    kind: bi('保理', 'Factoring'),
    institution: 'boc',
    dataTypes: ['sales', 'statements'],
    rateMin: 3.2,
    rateMax: 4.1,
    limitWan: 5000,
    termMonths: 6,
    guarantee: receivables,
    summary: bi(
      '出口应收账款融资，买方信用可替代卖方信用。',
      'Export receivables finance; the buyer’s credit can stand in for yours.',
    ),
    features: [
      bi('有追索与无追索可选', 'With or without recourse'),
      bi('覆盖 60 个国家买方', 'Buyers in 60 countries'),
    ],
  },
  {
    slug: 'PayhYsrz',
    name: bi('平安应收融资', 'Ping An receivables finance'),
    kind: bi('保理', 'Factoring'),
    institution: 'pingan',
    dataTypes: ['sales', 'statements'],
    rateMin: 3.6,
    rateMax: 4.8,
    limitWan: 3000,
    termMonths: 6,
    guarantee: receivables,
    summary: bi('核心企业应付账款确权后融资。', 'Finance on payables confirmed by a core enterprise.'),
    features: [
      bi('电子债权凭证可拆分流转', 'Electronic claims can be split and passed on'),
      bi('T+0 放款', 'Same-day disbursement'),
    ],
  },
  {
    slug: 'PayhKcd',
    name: bi('平安库存贷', 'Ping An inventory loan'),
    kind: bi('存货质押', 'Inventory pledge'),
    institution: 'pingan',
    dataTypes: ['inventory'],
    rateMin: 3.9,
    rateMax: 5.1,
    limitWan: 2000,
    termMonths: 12,
    guarantee: pledge,
    summary: bi('海外仓与保税仓库存均可质押。', 'Stock in overseas and bonded warehouses can be pledged.'),
    features: [
      bi('动态质押，货物可置换', 'Dynamic pledge with goods substitution'),
      bi('物联网盘点', 'IoT stocktaking'),
    ],
  },
  {
    slug: 'Zsyh-xwsdd',
    name: bi('小微闪电贷', 'Small-business flash loan'),
    kind: bi('信用贷款', 'Credit loan'),
    institution: 'xib',
    dataTypes: ['tax', 'providentFund'],
    rateMin: 3.6,
    rateMax: 4.9,
    limitWan: 1000,
    termMonths: 12,
    guarantee: credit,
    summary: bi(
      '按纳税与员工公积金缴存情况测算额度。',
      'Limits sized from tax and staff provident-fund contributions.',
    ),
    features: [bi('无需上门', 'No branch visit'), bi('额度 3 年有效', 'Limit valid for 3 years')],
  },
  {
    slug: 'Zsyh-grxfsdd',
    name: bi('经营者消费闪电贷', 'Owner’s flash loan'),
    kind: bi('个人经营贷', 'Owner loan'),
    institution: 'xib',
    dataTypes: ['providentFund', 'userTags'],
    rateMin: 3.8,
    rateMax: 5.5,
    limitWan: 1000,
    termMonths: 24,
    guarantee: credit,
    summary: bi('面向外贸企业主的个人经营贷款。', 'A personal business loan for owners of trading firms.'),
    features: [
      bi('公积金连续缴存 12 个月可申请', '12 months of provident-fund contributions'),
      bi('最长 24 个月', 'Up to 24 months'),
    ],
  },
  {
    slug: 'Zsyh-zqd',
    name: bi('政企贷', 'Public-sector supplier loan'),
    kind: bi('订单融资', 'Order financing'),
    institution: 'xib',
    dataTypes: ['winningBid', 'tax'],
    rateMin: 3.5,
    rateMax: 4.5,
    limitWan: 3000,
    termMonths: 12,
    guarantee: credit,
    summary: bi(
      '国企与政府采购供应商的订单融资。',
      'Order financing for suppliers of state firms and government buyers.',
    ),
    features: [
      bi('按合同金额 70% 放款', 'Up to 70% of the contract value'),
      bi('回款账户监管', 'Collection account under control'),
    ],
  },
  {
    slug: 'Pxd',
    name: bi('POS 流水贷', 'Card-turnover loan'),
    kind: bi('信用贷款', 'Credit loan'),
    institution: 'lakala',
    dataTypes: ['sales'],
    rateMin: 4.8,
    rateMax: 6,
    limitWan: 1000,
    termMonths: 12,
    guarantee: credit,
    summary: bi('依据收单流水测算额度的经营贷。', 'A business loan sized on card-acquiring turnover.'),
    features: [
      bi('按收单流水自动提额', 'Limit rises with turnover'),
      bi('随借随还', 'Draw and repay any time'),
    ],
  },
  {
    slug: 'Psd',
    name: bi('物流运费贷', 'Freight payment loan'),
    kind: bi('物流金融', 'Logistics finance'),
    institution: 'guarantee',
    dataTypes: ['express', 'seaFreight'],
    rateMin: 4.3,
    rateMax: 5.8,
    limitWan: 1000,
    termMonths: 6,
    guarantee: guaranteed,
    summary: bi('为货代与快递网点垫付运费。', 'Advances freight for forwarders and courier depots.'),
    features: [
      bi('按运单逐笔放款', 'Per-waybill disbursement'),
      bi('对接主流快递与船司数据', 'Connected to major courier and carrier data'),
    ],
  },
];

/** The application conditions and process shown on every detail page, worded per guarantee type. */
export const commonConditions: Bi[] = [
  bi(
    '在中国内地或港澳依法注册满 1 年',
    'Registered in mainland China, Hong Kong or Macau for at least a year',
  ),
  bi('企业及实际控制人无重大不良信用记录', 'No serious adverse credit record of the firm or its controller'),
  bi('在平台授权产品所需的数据', 'Authorise the data the product needs on the platform'),
];
export const commonProcess: Bi[] = [
  bi('选择产品并授权数据', 'Choose the product and authorise data'),
  bi('平台预审并推荐给机构', 'Platform pre-check and referral to the institution'),
  bi('机构审批与签约', 'Institution approval and contract'),
  bi('放款与贷后监控', 'Disbursement and post-loan monitoring'),
];
