import { bi, h, list, p, type SeedArticle, type SeedColumn } from './types.ts';

/** News and blog columns (newsList-{id}, blog-{id}). */
export const newsColumns: SeedColumn[] = [
  { columnId: 1001, name: bi('行业动态', 'Industry news') },
  { columnId: 1002, name: bi('平台公告', 'Platform announcements') },
];
/**
 * The operator's other article columns, each behind a page of its own rather than a news list
 * (README "Courses and showroom"): the live courses (§2 /courseLive, /courseLiveDetail) and the
 * showroom's exhibits (§2 showRoom.html). Their articles are the operator's, in the content file.
 */
export const courseColumn: SeedColumn = { columnId: 1003, name: bi('课程直播', 'Live courses') };
export const showroomColumn: SeedColumn = { columnId: 1004, name: bi('数字展厅', 'Digital showroom') };
export const pageColumns: SeedColumn[] = [courseColumn, showroomColumn];
export const blogColumns: SeedColumn[] = [
  { columnId: 2001, name: bi('技术实践', 'Engineering') },
  { columnId: 2002, name: bi('算法与模型', 'Algorithms and models') },
];

/** §7, §9: the help menu (column 4218) and the rule menu (4222), nested up to three levels. */
export const helpMenu: SeedColumn = {
  columnId: 4218,
  name: bi('帮助中心', 'Help centre'),
  columnList: [
    {
      columnId: 4230,
      name: bi('入门指引', 'Getting started'),
      columnList: [
        { columnId: 4231, name: bi('新手入门', 'First steps') },
        { columnId: 4232, name: bi('账号与认证', 'Accounts and verification') },
      ],
    },
    {
      columnId: 4233,
      name: bi('开放接口', 'Open interfaces'),
      columnList: [
        { columnId: 4234, name: bi('接入准备', 'Before you integrate') },
        { columnId: 4235, name: bi('错误码说明', 'Error codes') },
      ],
    },
    {
      columnId: 4236,
      name: bi('融资服务', 'Financing'),
      columnList: [{ columnId: 4237, name: bi('申请与审批', 'Applying and approval') }],
    },
  ],
};

/** Rule pages: each leaf column is one rule, and its id is the rule article's id (ruleCenter-{id}). */
export const ruleMenu: SeedColumn = {
  columnId: 4222,
  name: bi('规则中心', 'Rules centre'),
  columnList: [
    {
      columnId: 4223,
      name: bi('平台规则', 'Platform rules'),
      columnList: [
        { columnId: 5105, name: bi('平台服务协议', 'Platform service agreement') },
        { columnId: 5106, name: bi('应用上架规范', 'Application listing rules') },
      ],
    },
    {
      columnId: 4224,
      name: bi('隐私与安全', 'Privacy and security'),
      columnList: [
        { columnId: 5101, name: bi('隐私政策', 'Privacy policy') },
        { columnId: 5103, name: bi('数据安全规范', 'Data security policy') },
      ],
    },
    {
      columnId: 4225,
      name: bi('法律信息', 'Legal'),
      columnList: [
        { columnId: 5102, name: bi('法律声明', 'Legal statement') },
        { columnId: 5104, name: bi('知识产权声明', 'Intellectual property statement') },
      ],
    },
  ],
};

const platform = bi('数字贸易服务平台', 'Digital Trade Service Platform');
const editorial = bi('平台编辑部', 'Platform editors');

/**
 * Help, blog and algorithm articles describe this platform as it works (help 4242 and 4243 as
 * the ingest README states its 503). The rule articles are legal texts only the operator can
 * commit to: **sample texts**, marked `sample` as `seed/legal.ts` is, replaced before going live.
 */
const siteArticles: SeedArticle[] = [
  {
    id: 201,
    kind: 'blog',
    columnId: 2001,
    title: bi(
      '为什么我们把单证日志放在 Kafka 里并永久保存',
      'Why our document log lives in Kafka, kept forever',
    ),
    summary: bi(
      '事件溯源让每个视图都能从日志重建。',
      'Event sourcing lets every view be rebuilt from the log.',
    ),
    publishTime: '2026-04-02',
    author: editorial,
    source: platform,
    body: [
      p(
        '合作伙伴提交的每一份单证都会先写入按单证类型划分的主题，且不按时间删除。银行与订阅方读取的视图都由日志派生。',
        'Every document a partner submits is first appended to a topic per document type, never deleted by age. The views banks and subscribers read are all derived from that log.',
      ),
      h('重建是一等操作', 'Rebuilding is a first-class operation'),
      p(
        '当投影逻辑变化时，我们从零偏移重放日志，在旁边构建新版本，对比无误后原子切换读取方。',
        'When projection logic changes we replay the log from offset zero into a new version beside the live one, compare them, and switch readers atomically.',
      ),
    ],
  },
  {
    id: 202,
    kind: 'blog',
    columnId: 2001,
    title: bi('推送的“至少一次”与接收方幂等', 'At-least-once pushes and idempotent receivers'),
    summary: bi('每次推送都携带稳定的事件 ID。', 'Every push carries a stable event id.'),
    publishTime: '2026-03-15',
    author: editorial,
    source: platform,
    body: [
      p(
        '网络超时时我们无法知道接收方是否已处理，因此选择重试；接收方据事件 ID 去重即可安全处理重复推送。',
        'When a call times out we cannot know whether the receiver processed it, so we retry; receivers de-duplicate on the event id and handle repeats safely.',
      ),
      list(
        ['接收方须在 10 秒内返回 200', 'Receivers must answer 200 within 10 seconds'],
        [
          '快递推送失败后在 15 分钟与 30 分钟后各重试一次',
          'Failed express pushes are retried after 15 and after 30 minutes',
        ],
      ),
    ],
  },
  {
    id: 203,
    kind: 'algorithm',
    columnId: 2002,
    title: bi('链路节点：用并查集串联单证', 'Link nodes: joining documents with union-find'),
    summary: bi(
      '共享业务编号的单证被合并为同一条链。',
      'Documents that share a business number merge into one chain.',
    ),
    publishTime: '2026-03-01',
    author: editorial,
    source: platform,
    body: [
      p(
        '报关单、入库单、采购单与融资单通过合同号、提单号、入库单号等键相互关联。我们对每个键做并查集合并，链只增不拆，因此结果与单证到达顺序无关。',
        'Declarations, inbound notes, purchases and financing requests are joined through contract, bill of lading and inbound numbers. We union on each key; chains only grow, so the result does not depend on arrival order.',
      ),
    ],
  },
  {
    id: 204,
    kind: 'algorithm',
    columnId: 2002,
    title: bi('用报关数据估算授信额度', 'Sizing credit limits from customs data'),
    summary: bi('额度模型的三个关键特征。', 'Three key features of the limit model.'),
    publishTime: '2026-02-12',
    author: editorial,
    source: platform,
    body: [
      list(
        ['近 12 个月报关金额的稳定性', 'Stability of 12 months of declared value'],
        ['回款周期与账期匹配度', 'How collection cycles match payment terms'],
        ['纳税信用等级', 'Tax credit grade'],
      ),
      p(
        '模型输出的是建议额度区间，最终额度由银行审批决定。',
        'The model proposes a limit range; the bank’s approval decides the final limit.',
      ),
    ],
  },
  {
    id: 4239,
    kind: 'help',
    columnId: 4231,
    title: bi('新手入门指引', 'Getting started guide'),
    summary: bi('五步开始使用平台。', 'Five steps to start using the platform.'),
    publishTime: '2026-01-06',
    author: editorial,
    source: platform,
    body: [
      list(
        ['注册企业账号并完成实名认证', 'Register a company account and verify it'],
        ['在应用市场开通所需系统', 'Subscribe to the systems you need in the application market'],
        ['在控制台申请 API Key', 'Apply for an API key in the console'],
        ['按文档中心对接单证提交接口', 'Integrate the submission interfaces following the docs centre'],
        [
          '在云融资页面授权数据并申请融资',
          'Authorise data and apply for financing on the cloud-finance page',
        ],
      ),
    ],
  },
  {
    id: 4240,
    kind: 'help',
    columnId: 4232,
    title: bi('企业实名认证需要哪些材料', 'What company verification needs'),
    summary: bi(
      '营业执照、法人身份证件与对公账户。',
      'Business licence, legal representative’s ID and a corporate account.',
    ),
    publishTime: '2026-01-08',
    author: editorial,
    source: platform,
    body: [
      list(
        ['营业执照或香港商业登记证', 'Business licence or Hong Kong business registration'],
        ['法定代表人身份证件', 'ID of the legal representative'],
        ['对公账户小额打款验证', 'A small test transfer to the corporate account'],
      ),
    ],
  },
  {
    id: 4241,
    kind: 'help',
    columnId: 4234,
    title: bi('如何申请和使用 API Key', 'Applying for and using an API key'),
    summary: bi(
      '每个请求携带 Authorization: Bearer 头。',
      'Every request carries an Authorization: Bearer header.',
    ),
    publishTime: '2026-01-10',
    author: editorial,
    source: platform,
    body: [
      p(
        '平台运营为认证通过的合作伙伴签发 API Key。请求时在 Authorization 头中携带 “Bearer <API Key>”，请求体为 JSON。',
        'The platform operator issues API keys to verified partners. Send “Bearer <API key>” in the Authorization header with a JSON body.',
      ),
      p(
        'API Key 仅显示一次，请妥善保存；如有泄露请立即联系运营吊销。',
        'A key is shown once only; keep it safe and ask the operator to revoke it at once if it leaks.',
      ),
    ],
  },
  {
    id: 4242,
    kind: 'help',
    columnId: 4234,
    title: bi('提交成功意味着什么', 'What a successful submission means'),
    summary: bi('返回成功时单证已写入日志。', 'Success means the document is in the log.'),
    publishTime: '2026-01-11',
    author: editorial,
    source: platform,
    // As the README's "Riding out faults" and ingest's "Retrying safely" say: a 503 means the log did
    // not confirm in time, not that nothing was stored; only a resend with the same key counts once.
    body: [
      p(
        '平台只在单证被日志确认写入后才返回 flag=success，并附带单证 ID。',
        'The platform answers flag=success, with the document id, only after the log acknowledged the document.',
      ),
      p(
        '返回 503（KAFKA_UNAVAILABLE）表示日志未能在时限内确认写入：单证可能未保存，也可能已经写入。请用相同的 Idempotency-Key 重新提交同一单证，平台会返回首次的结果且只记录一次；不带 Idempotency-Key 重新提交可能使同一单证以两个单证 ID 保存两次。',
        'A 503 (KAFKA_UNAVAILABLE) means the log did not confirm the document in time: it may not be stored, or it may already be. Resend the same document with the same Idempotency-Key and the platform answers with the first result and records it once; resending without an Idempotency-Key may store it twice, under two document ids.',
      ),
    ],
  },
  {
    id: 4243,
    kind: 'help',
    columnId: 4235,
    title: bi('常见错误码', 'Common error codes'),
    summary: bi('校验失败、鉴权失败与服务不可用。', 'Validation, authentication and availability errors.'),
    publishTime: '2026-01-12',
    author: editorial,
    source: platform,
    body: [
      list(
        [
          '400：请求体不符合 Schema，message 指出字段与原因',
          '400: the body breaks the schema; message names the field and reason',
        ],
        ['401：缺少或无效的 API Key', '401: missing or invalid API key'],
        ['415：Content-Type 不是 application/json', '415: Content-Type is not application/json'],
        [
          '503：单证日志未确认保存（可能已写入）；请携带相同的 Idempotency-Key 重新提交，只记录一次',
          '503: the document log did not confirm the document (it may be stored); resend it with the same Idempotency-Key and it counts once',
        ],
      ),
    ],
  },
  {
    id: 4244,
    kind: 'help',
    columnId: 4237,
    title: bi('如何申请云融资', 'How to apply for cloud finance'),
    summary: bi('选择产品、授权数据、提交申请。', 'Choose a product, authorise data, apply.'),
    publishTime: '2026-01-15',
    author: editorial,
    source: platform,
    body: [
      list(
        [
          '在云融资页面按数据类型和机构筛选产品',
          'Filter products by data type and institution on the cloud-finance page',
        ],
        [
          '授权产品所需的数据（报关、销售、税务等）',
          'Authorise the data the product needs (customs, sales, tax …)',
        ],
        ['提交申请，审批结果由金融机构反馈', 'Apply; the institution sends its decision'],
      ),
    ],
  },
  {
    id: 4245,
    kind: 'help',
    columnId: 4237,
    title: bi('融资利率与额度说明', 'About rates and limits'),
    summary: bi(
      '年化利率 2.9% 至 6%，额度 1000 万至 1 亿元。',
      'Annual rates 2.9% to 6%, limits 10 million to 100 million yuan.',
    ),
    publishTime: '2026-01-16',
    author: editorial,
    source: platform,
    body: [
      p(
        '平台展示的利率为参考年化利率区间，实际利率与额度以金融机构审批结果为准。',
        'Rates shown are indicative annual ranges; the institution’s approval sets the actual rate and limit.',
      ),
    ],
  },
  {
    id: 5101,
    kind: 'rule',
    columnId: 5101,
    title: bi('隐私政策', 'Privacy policy'),
    summary: bi('我们收集哪些信息、如何使用与保护。', 'What we collect, how we use and protect it.'),
    publishTime: '2026-01-01',
    author: editorial,
    source: platform,
    body: [
      h('我们收集的信息', 'What we collect'),
      p(
        '注册时的姓名、手机号、邮箱与企业信息；您授权用于融资的贸易数据；以及为保障安全记录的访问日志。',
        'Name, mobile number, email and company details at registration; trade data you authorise for financing; and access logs kept for security.',
      ),
      h('我们如何使用', 'How we use it'),
      p(
        '仅用于提供您开通的服务。向金融机构提供数据须经您逐项授权，授权可随时撤回。',
        'Only to provide the services you use. Data goes to a financial institution only with your authorisation per item, which you can withdraw at any time.',
      ),
    ],
  },
  {
    id: 5102,
    kind: 'rule',
    columnId: 5102,
    title: bi('法律声明', 'Legal statement'),
    summary: bi(
      '网站内容的使用条件与责任限制。',
      'Terms of use of the site’s content and limits of liability.',
    ),
    publishTime: '2026-01-01',
    author: editorial,
    source: platform,
    body: [
      p(
        '本网站展示的融资产品信息由合作金融机构提供，仅供参考，不构成要约。',
        'Financing product information on this site comes from partner institutions, is for reference only and is not an offer.',
      ),
      p(
        '未经书面许可，任何单位和个人不得转载、镜像本网站内容。',
        'No part of this site may be reproduced or mirrored without written permission.',
      ),
    ],
  },
  {
    id: 5103,
    kind: 'rule',
    columnId: 5103,
    title: bi('数据安全规范', 'Data security policy'),
    summary: bi('传输加密、最小授权与留痕审计。', 'Encryption in transit, least privilege and audit trails.'),
    publishTime: '2026-01-01',
    author: editorial,
    source: platform,
    body: [
      list(
        ['所有接口强制 HTTPS 传输', 'All interfaces require HTTPS'],
        ['API Key 以哈希形式保存，明文不落库', 'API keys are stored hashed; the plain key is never stored'],
        [
          '每份单证记录来源、接收时间与内容摘要，可审计',
          'Every document records its source, receipt time and content hash for audit',
        ],
      ),
    ],
  },
  {
    id: 5104,
    kind: 'rule',
    columnId: 5104,
    title: bi('知识产权声明', 'Intellectual property statement'),
    summary: bi('平台软件、文档与标识的权利归属。', 'Who owns the platform’s software, documents and marks.'),
    publishTime: '2026-01-01',
    author: editorial,
    source: platform,
    body: [
      p(
        '平台软件、接口文档、页面设计及标识的知识产权归平台运营方所有；入驻伙伴的应用归其开发者所有。',
        'The platform’s software, interface documents, page design and marks belong to the operator; partners’ applications belong to their developers.',
      ),
    ],
  },
  {
    id: 5105,
    kind: 'rule',
    columnId: 5105,
    title: bi('平台服务协议', 'Platform service agreement'),
    summary: bi('用户与平台之间的权利义务。', 'Rights and duties between users and the platform.'),
    publishTime: '2026-01-01',
    author: editorial,
    source: platform,
    body: [
      p(
        '用户应保证提交的单证真实、准确、完整。平台对单证进行格式校验并如实记录，不对单证内容的真实性作担保。',
        'Users warrant that the documents they submit are true, accurate and complete. The platform validates format and records documents faithfully; it does not vouch for their content.',
      ),
    ],
  },
  {
    id: 5106,
    kind: 'rule',
    columnId: 5106,
    title: bi('应用上架规范', 'Application listing rules'),
    summary: bi('上架审核标准与时限。', 'Listing review standards and timelines.'),
    publishTime: '2026-01-01',
    author: editorial,
    source: platform,
    body: [
      list(
        ['应用须明示 SaaS 与本地化部署价格', 'Applications must state SaaS and on-premise prices'],
        [
          '审核驳回须说明原因，原因在应用详情中可见',
          'A rejection gives its reason, shown with the application',
        ],
        ['下架应用须提前通知存量客户', 'A delisted application gives its existing customers notice'],
      ),
    ],
  },
];

export const articles: SeedArticle[] = siteArticles.map((article) =>
  article.kind === 'rule' ? { ...article, sample: true } : article,
);
