import { type Bi, bi } from './types.ts';

export interface SeedExpert {
  id: number;
  name: Bi;
  title: Bi;
  organisation: Bi;
  fields: Bi[];
  years: number;
  bio: Bi;
  topics: Bi[];
}

/** The expert-online page (§1). */
export const experts: SeedExpert[] = [
  {
    id: 401,
    name: bi('陈立新', 'Chen Lixin'),
    title: bi('贸易金融顾问', 'Trade finance adviser'),
    organisation: bi(
      '前国有银行广东分行贸易金融部',
      'formerly trade finance, a state bank’s Guangdong branch',
    ),
    fields: [bi('供应链金融', 'Supply-chain finance'), bi('信用证', 'Letters of credit')],
    years: 22,
    bio: bi(
      '长期负责外贸企业授信审批，熟悉订单、存货与应收类融资产品设计。',
      'Long responsible for exporter credit approval; designs order, inventory and receivables products.',
    ),
    topics: [
      bi('如何用报关数据申请信用贷', 'Using customs data for an unsecured loan'),
      bi('信用证项下融资选择', 'Choosing finance under a letter of credit'),
    ],
  },
  {
    id: 402,
    name: bi('林婉清', 'Lin Wanqing'),
    title: bi('关务合规专家', 'Customs compliance expert'),
    organisation: bi('湾区报关协会', 'Bay Area Customs Brokers Association'),
    fields: [bi('商品归类', 'Classification'), bi('跨境电商监管', 'Cross-border e-commerce rules')],
    years: 16,
    bio: bi(
      '曾任海关归类分中心业务骨干，处理过上千起归类争议。',
      'Formerly a senior classification officer; has handled over a thousand classification disputes.',
    ),
    topics: [
      bi('1210 保税备货合规要点', 'Compliance in 1210 bonded stocking'),
      bi('HS 编码预裁定申请', 'Applying for advance classification rulings'),
    ],
  },
  {
    id: 403,
    name: bi('黄振东', 'Huang Zhendong'),
    title: bi('国际物流顾问', 'International logistics adviser'),
    organisation: bi('南沙港务集团', 'Nansha Port Group'),
    fields: [bi('海运', 'Ocean freight'), bi('多式联运', 'Multimodal transport')],
    years: 19,
    bio: bi(
      '主导多条华南至东南亚航线的运力规划与港口作业优化。',
      'Led capacity planning and port operations for several South China–Southeast Asia routes.',
    ),
    topics: [
      bi('如何降低旺季舱位成本', 'Cutting peak-season space costs'),
      bi('海运轨迹数据的使用', 'Using ocean tracking data'),
    ],
  },
  {
    id: 404,
    name: bi('吴思敏', 'Wu Simin'),
    title: bi('跨境税务师', 'Cross-border tax adviser'),
    organisation: bi('粤港澳税务师事务所', 'GBA Tax Advisers'),
    fields: [bi('出口退税', 'Export rebates'), bi('跨境零售进口税', 'Retail import tax')],
    years: 14,
    bio: bi(
      '服务 200 余家外贸企业的退税与税务筹划。',
      'Handles rebates and tax planning for more than 200 trading firms.',
    ),
    topics: [
      bi('退税申报常见问题', 'Common rebate filing issues'),
      bi('纳税等级与融资额度', 'Tax grades and loan limits'),
    ],
  },
  {
    id: 405,
    name: bi('马骁', 'Ma Xiao'),
    title: bi('数据架构师', 'Data architect'),
    organisation: bi('数字贸易服务平台', 'Digital Trade Service Platform'),
    fields: [bi('开放接口', 'Open interfaces'), bi('事件溯源', 'Event sourcing')],
    years: 12,
    bio: bi('负责平台单证日志与开放接口设计。', 'Designs the platform’s document log and open interfaces.'),
    topics: [bi('单证接口对接答疑', 'Integration Q&A'), bi('推送接收方设计', 'Designing push receivers')],
  },
  {
    id: 406,
    name: bi('邓雅琳', 'Deng Yalin'),
    title: bi('冷链供应链专家', 'Cold-chain expert'),
    organisation: bi('粤港澳冷链联盟', 'GBA Cold Chain Alliance'),
    fields: [bi('冷链仓储', 'Cold storage'), bi('食品进口', 'Food imports')],
    years: 15,
    bio: bi(
      '熟悉进口肉类、水产的检验检疫与冷库监管。',
      'Knows inspection and cold-store supervision of imported meat and seafood.',
    ),
    topics: [
      bi('进口冷链食品全流程', 'Imported cold-chain food end to end'),
      bi('冷链存货质押融资', 'Cold-chain inventory loans'),
    ],
  },
  {
    id: 407,
    name: bi('哈斯木·马', 'Hasim Ma'),
    title: bi('中阿贸易顾问', 'China–Arab trade adviser'),
    organisation: bi('银川综合保税区', 'Yinchuan Comprehensive Bonded Zone'),
    fields: [bi('清真认证', 'Halal certification'), bi('中东市场', 'Middle East markets')],
    years: 11,
    bio: bi('协助宁夏企业开拓海湾国家市场。', 'Helps Ningxia firms enter Gulf markets.'),
    topics: [
      bi('海湾国家出口认证', 'Export certification for the Gulf'),
      bi('中阿贸易通道物流', 'Logistics on the China–Arab corridor'),
    ],
  },
  {
    id: 408,
    name: bi('周敏', 'Zhou Min'),
    title: bi('保险经纪人', 'Insurance broker'),
    organisation: bi('湾区保险经纪', 'Bay Area Insurance Brokers'),
    fields: [bi('货运险', 'Cargo insurance'), bi('关税保证保险', 'Customs bond insurance')],
    years: 13,
    bio: bi(
      '为外贸企业设计货运险与关税保证保险方案。',
      'Designs cargo and customs-bond cover for exporters.',
    ),
    topics: [
      bi('货损理赔实务', 'Cargo claims in practice'),
      bi('用保险替代保证金', 'Replacing deposits with insurance'),
    ],
  },
];
