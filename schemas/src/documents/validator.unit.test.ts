import { describe, expect, it } from 'vitest';
import { type DocumentTypeId, documentTypes } from './catalogue.ts';
import { examples } from './examples.ts';
import { readablePath } from './issues.ts';
import { removed, withChanges } from './testing.ts';
import { createDocumentValidators, type ValidationIssue } from './validator.ts';

const validators = createDocumentValidators();

type Doc = Record<string, unknown>;

const exampleWith = (id: DocumentTypeId, changes: Readonly<Record<string, unknown>> = {}): Doc =>
  withChanges(examples[id], changes);

const rules = (issues: ValidationIssue[]) => issues.map(({ path, rule }) => ({ path, rule }));
const issuesWith = (id: DocumentTypeId, changes: Readonly<Record<string, unknown>>) =>
  validators[id](exampleWith(id, changes));

describe('valid documents', () => {
  it.each(documentTypes.map((type) => type.id))('accepts the %s example', (id) => {
    expect(validators[id](exampleWith(id))).toEqual([]);
  });

  it('has a validator for every document type', () => {
    expect(Object.keys(validators).sort()).toEqual(documentTypes.map((type) => type.id).sort());
  });
});

describe('required fields', () => {
  it.each(
    documentTypes.flatMap((type) => (type.schema.required ?? []).map((field) => [type.id, field] as const)),
  )('%s without %s is rejected naming the field', (id, field) => {
    expect(rules(issuesWith(id, { [field]: removed }))).toContainEqual({ path: field, rule: 'required' });
  });

  it('names a missing field of a list item by its index and title', () => {
    expect(issuesWith('inbound', { 'goodsList.1.hsCode': removed })).toEqual([
      {
        path: 'goodsList[1].hsCode',
        rule: 'required',
        message: {
          cn: 'goodsList[1].hsCode（HS编码）为必填项',
          en: 'goodsList[1].hsCode (HS code) is required',
        },
      },
    ]);
  });

  it('requires the recipient address of an e-commerce order down to the city', () => {
    const issues = issuesWith('ondedEcOrder', { 'recipient.city': removed, 'recipient.district': removed });
    expect(rules(issues)).toEqual([{ path: 'recipient.city', rule: 'required' }]);
  });

  it('treats an empty required text as not filled', () => {
    expect(issuesWith('pod', { entOrderNo: '' })).toEqual([
      {
        path: 'entOrderNo',
        rule: 'minLength',
        message: {
          cn: 'entOrderNo（企业订单号）不能为空',
          en: 'entOrderNo (Enterprise order number) must not be empty',
        },
      },
    ]);
  });
});

describe('maximum lengths (§5)', () => {
  it('says how long a field may be and how long it was', () => {
    expect(issuesWith('inbound', { 'goodsList.1.hsCode': '1'.repeat(40) })).toEqual([
      {
        path: 'goodsList[1].hsCode',
        rule: 'maxLength',
        message: {
          cn: 'goodsList[1].hsCode（HS编码）长度不能超过 32 个字符，实际为 40 个',
          en: 'goodsList[1].hsCode (HS code) must be at most 32 characters; got 40',
        },
      },
    ]);
  });

  it.each([
    ['pod', 'entOrderNo', 32],
    ['pod', 'portNo', 32],
    ['pod', 'transportMode', 30],
    ['pod', 'transportTool', 32],
    ['pod', 'billNo', 512],
    ['pod', 'clientOrderNo', 60],
    ['pod', 'contractNo', 128],
    ['pod', 'shipperName', 255],
    ['check', 'checkNo', 200],
    ['tally', 'orderNo', 60],
    ['ondedEcOrder', 'notes', 1000],
    ['goods', 'entInsideNo', 32],
  ] as const)('%s.%s allows %i characters and no more', (id, field, max) => {
    expect(issuesWith(id, { [field]: 'A'.repeat(max) })).toEqual([]);
    expect(rules(issuesWith(id, { [field]: 'A'.repeat(max + 1) }))).toEqual([
      { path: field, rule: 'maxLength' },
    ]);
  });

  it.each([
    ['customerName', 255],
    ['goodsNo', 60],
    ['entGoodsNo', 60],
    ['entGoodsName', 200],
    ['hsCode', 32],
    ['specification', 512],
    ['declareUnit', 3],
    ['composition', 2000],
  ] as const)('goods import goodsList[0].%s allows %i characters (§3.8)', (field, max) => {
    expect(issuesWith('goods', { [`goodsList.0.${field}`]: 'A'.repeat(max) })).toEqual([]);
    expect(rules(issuesWith('goods', { [`goodsList.0.${field}`]: 'A'.repeat(max + 1) }))).toEqual([
      { path: `goodsList[0].${field}`, rule: 'maxLength' },
    ]);
  });

  it.each(['pod', 'clearance', 'tally', 'check'] as const)(
    '%s.superviseType allows 6 characters at intake (query spec §3), told so in words',
    (id) => {
      expect(issuesWith(id, { superviseType: '121000' })).toEqual([]);
      expect(issuesWith(id, { superviseType: '1210000' })).toEqual([
        {
          path: 'superviseType',
          rule: 'maxLength',
          message: {
            cn: 'superviseType（监管方式）长度不能超过 6 个字符，实际为 7 个',
            en: 'superviseType (Supervision mode) must be at most 6 characters; got 7',
          },
        },
      ]);
    },
  );

  it('tells a value too long for the writer schema too the intake limit, once', () => {
    expect(rules(issuesWith('clearance', { superviseType: '1'.repeat(300) }))).toEqual([
      { path: 'superviseType', rule: 'maxLength' },
    ]);
    expect(issuesWith('clearance', { superviseType: '1'.repeat(300) })[0]?.message.en).toContain('at most 6');
  });

  it('counts Chinese characters one each, not in bytes', () => {
    expect(issuesWith('goods', { 'goodsList.0.entGoodsName': '护'.repeat(200) })).toEqual([]);
    const [issue] = issuesWith('goods', { 'goodsList.0.entGoodsName': '护'.repeat(201) });
    expect(issue?.message.en).toBe(
      'goodsList[0].entGoodsName (Enterprise goods name) must be at most 200 characters; got 201',
    );
  });
});

describe('enumerations', () => {
  it('lists the allowed codes with their meanings', () => {
    expect(issuesWith('internalTransport', { serviceType: '04' })).toEqual([
      {
        path: 'serviceType',
        rule: 'enum',
        message: {
          cn: 'serviceType（服务类型）的取值必须是 "01"（境内运输）、"02"（香港本地）、"03"（跨境车） 之一，实际为 "04"',
          en: 'serviceType (Service type) must be one of "01" (domestic), "02" (Hong Kong local), "03" (cross-border truck); got "04"',
        },
      },
    ]);
  });

  it.each([
    ['check', 'ieFlag', 'X', 'I'],
    ['check', 'dclcusFlag', '3', '2'],
    ['check', 'bondInvtType', '10', '9'],
    ['check', 'mtpckEndprdMarkcd', 'M', 'E'],
    ['ondedEcOrder', 'clearanceType', '1200', '9610'],
    ['ondedEcOrder', 'busiType', '15', '70'],
    ['ondedEcOrder', 'orderType', '3', '2'],
    ['bondedEcLogistics', 'busiType', '06', '05'],
    ['bondedEcLogistics', 'sendType', '03', '02'],
    ['inbound', 'inputType', '40', '30'],
    ['outbound', 'outputType', '40', '20'],
    ['clearance', 'declareCategory', 'TOYS', 'FROZEN'],
    ['clearance', 'isSwitch', '2', '1'],
    ['purchase', 'orderStatus', '40', '30'],
    ['internalTransport', 'vehicleType', 'VAN', 'REFRIGERATED'],
    ['internalTransport', 'commodity', '30', '20'],
  ] as const)('%s.%s rejects "%s" and accepts "%s"', (id, field, wrong, right) => {
    expect(rules(issuesWith(id, { [field]: wrong }))).toEqual([{ path: field, rule: 'enum' }]);
    expect(issuesWith(id, { [field]: right })).toEqual([]);
  });

  it('checks enumerations inside lists', () => {
    const issues = issuesWith('inbound', {
      'goodsList.0.natureExemption': '0',
      'attachmentList.1.docType': '06',
      'vehicleList.0.vehicleType': 'ORDINARY',
    });
    expect(rules(issues)).toEqual([
      { path: 'goodsList[0].natureExemption', rule: 'enum' },
      { path: 'vehicleList[0].vehicleType', rule: 'enum' },
      { path: 'attachmentList[1].docType', rule: 'enum' },
    ]);
    expect(rules(issuesWith('goods', { 'goodsList.0.transgenicFlag': 'N' }))).toEqual([
      { path: 'goodsList[0].transgenicFlag', rule: 'enum' },
    ]);
    expect(rules(issuesWith('synchronizeGoods', { 'goodsCateList.0.certType': '30' }))).toEqual([
      { path: 'goodsCateList[0].certType', rule: 'enum' },
    ]);
  });
});

describe('codes sent as numbers', () => {
  it('rejects a number for a code once, saying which string to send', () => {
    expect(issuesWith('ondedEcOrder', { clearanceType: 1210 })).toEqual([
      {
        path: 'clearanceType',
        rule: 'type',
        message: {
          cn: 'clearanceType（通关模式）必须是文本（JSON 字符串），实际为数字 1210；请以字符串 "1210" 发送',
          en: 'clearanceType (Clearance mode) must be text (a JSON string); got the number 1210 — send it as the string "1210"',
        },
      },
    ]);
  });

  it('suggests the code with its leading zeros', () => {
    const [serviceType] = issuesWith('internalTransport', { serviceType: 1 });
    expect(serviceType?.message.en).toContain('send it as the string "01"');
    const [clearance] = issuesWith('ondedEcOrder', { clearanceType: 110 });
    expect(clearance?.message.en).toContain('send it as the string "0110"');
    const [status] = issuesWith('purchase', { orderStatus: 10 });
    expect(status?.message.en).toContain('send it as the string "10"');
  });

  it('treats numbers for other text the same way', () => {
    const issues = issuesWith('inbound', { 'goodsList.0.hsCode': 3304990099 });
    expect(rules(issues)).toEqual([{ path: 'goodsList[0].hsCode', rule: 'type' }]);
    expect(issues[0]?.message.en).toContain('send it as the string "3304990099"');
  });
});

describe('types', () => {
  it('asks for a number without quotes when an amount arrives as text', () => {
    expect(issuesWith('inbound', { grossWeight: '2316.5' })).toEqual([
      {
        path: 'grossWeight',
        rule: 'type',
        message: {
          cn: 'grossWeight（毛重）必须是数字，实际为文本 "2316.5"；请以数字 2316.5 发送，不加引号',
          en: 'grossWeight (Gross weight) must be a number; got the text "2316.5" — send it as the number 2316.5, without quotes',
        },
      },
    ]);
  });

  it('says a number beyond the range of numbers (1e400, read as Infinity) is one, in words', () => {
    expect(issuesWith('inbound', { grossWeight: Number.POSITIVE_INFINITY })).toEqual([
      {
        path: 'grossWeight',
        rule: 'type',
        message: {
          cn: 'grossWeight（毛重）必须是数字，实际为超出数字范围的数值（绝对值须小于 1.8e308）',
          en: 'grossWeight (Gross weight) must be a number; got a number beyond the range numbers can hold (its magnitude must stay below 1.8e308)',
        },
      },
    ]);
  });

  it('rejects a list that is not a list, and a document that is not an object', () => {
    expect(rules(issuesWith('inbound', { goodsList: { gNum: 1 } }))).toEqual([
      { path: 'goodsList', rule: 'type' },
    ]);
    expect(rules(validators.pod([examples.pod]))).toEqual([{ path: '', rule: 'type' }]);
    expect(validators.pod(null)[0]?.message.en).toBe('the document must be an object; got null');
  });

  it('rejects negative amounts and fractional line numbers', () => {
    const issues = issuesWith('inbound', { declareQty: -1, 'goodsList.0.gNum': 1.5 });
    expect(rules(issues)).toEqual([
      { path: 'declareQty', rule: 'minimum' },
      { path: 'goodsList[0].gNum', rule: 'type' },
    ]);
  });
});

describe('order line prices (query spec §3: goodsList priceTax, price)', () => {
  it('are named amounts of purchase, sales-to-business and consumer order lines', () => {
    expect(issuesWith('purchase', { 'goodsList.0.priceTax': 560, 'goodsList.0.price': 495.58 })).toEqual([]);
    expect(rules(issuesWith('saleOrderToB', { 'goodsList.0.priceTax': '215' }))).toEqual([
      { path: 'goodsList[0].priceTax', rule: 'type' },
    ]);
    expect(rules(issuesWith('saleOrderToC', { 'orderList.0.goodList.0.price': -1 }))).toEqual([
      { path: 'orderList[0].goodList[0].price', rule: 'minimum' },
    ]);
  });
});

describe('customs declaration goods items (query spec §3 bounds)', () => {
  it('hold clearance lines to hsCode 20, declareUnit 30, declareCurrency 10 and countries 30', () => {
    expect(issuesWith('clearance', { 'goodsList.0.declareUnit': '千克/箱/件' })).toEqual([]);
    expect(
      rules(
        issuesWith('clearance', {
          'goodsList.0.hsCode': '3'.repeat(21),
          'goodsList.0.declareUnit': 'u'.repeat(31),
          'goodsList.0.declareCurrency': 'c'.repeat(11),
          'goodsList.0.orgCountry': 'o'.repeat(31),
          'goodsList.0.specDescription': 's'.repeat(513),
        }),
      ),
    ).toEqual(
      ['hsCode', 'specDescription', 'declareUnit', 'declareCurrency', 'orgCountry'].map((name) => ({
        path: `goodsList[0].${name}`,
        rule: 'maxLength',
      })),
    );
  });

  it('hold the same fields of check note lines, whose other fields pass as sent', () => {
    expect(issuesWith('check', { 'goodsList.0.hsCode': '3304990099', 'goodsList.0.declareQty': 2 })).toEqual(
      [],
    );
    expect(rules(issuesWith('check', { 'goodsList.0.hsCode': '3'.repeat(21) }))).toEqual([
      { path: 'goodsList[0].hsCode', rule: 'maxLength' },
    ]);
  });
});

describe('list counts (§5)', () => {
  const orderLine = examples.ondedEcOrder.goodList[0];
  const goodsItem = examples.goods.goodsList?.[0];

  it('takes 1 to 2 lines on an e-commerce order', () => {
    expect(issuesWith('ondedEcOrder', { goodList: [orderLine, orderLine] })).toEqual([]);
    expect(issuesWith('ondedEcOrder', { goodList: [] })).toEqual([
      {
        path: 'goodList',
        rule: 'minItems',
        message: {
          cn: 'goodList（商品列表）至少需要 1 项，实际为 0 项',
          en: 'goodList (Goods) must have at least 1 item; got 0',
        },
      },
    ]);
    expect(issuesWith('ondedEcOrder', { goodList: [orderLine, orderLine, orderLine] })).toEqual([
      {
        path: 'goodList',
        rule: 'maxItems',
        message: {
          cn: 'goodList（商品列表）最多只能有 2 项，实际为 3 项',
          en: 'goodList (Goods) must have at most 2 items; got 3',
        },
      },
    ]);
  });

  it('takes 1 to 3 goods in a goods import, and no list at all', () => {
    const goods = (count: number) => ({ goodsList: Array.from({ length: count }, () => goodsItem) });
    expect(issuesWith('goods', goods(3))).toEqual([]);
    expect(rules(issuesWith('goods', goods(4)))).toEqual([{ path: 'goodsList', rule: 'maxItems' }]);
    expect(rules(issuesWith('goods', goods(0)))).toEqual([{ path: 'goodsList', rule: 'minItems' }]);
    // The list itself is optional (§3.8).
    expect(issuesWith('goods', { goodsList: removed })).toEqual([]);
  });
});

describe('packNo (§5: integer 0 to 999999999)', () => {
  it.each([0, 130, 999_999_999])('accepts %i', (packNo) => {
    expect(issuesWith('clearance', { packNo })).toEqual([]);
  });

  it.each([
    [-1, 'minimum'],
    [1_000_000_000, 'maximum'],
    [1.5, 'type'],
    ['130', 'type'],
  ] as const)('rejects %s with %s', (packNo, rule) => {
    expect(rules(issuesWith('clearance', { packNo }))).toEqual([{ path: 'packNo', rule }]);
  });

  it('says the bound in the message', () => {
    const [issue] = issuesWith('clearance', { packNo: 1_000_000_000 });
    expect(issue?.message.en).toBe('packNo (Number of packages) must be at most 999999999; got 1000000000');
  });
});

describe('either busiOrderNo or customerCode (§5)', () => {
  it.each(['pod', 'tally', 'clearance'] as const)('%s without both is one eitherOr issue', (id) => {
    expect(issuesWith(id, { busiOrderNo: removed, customerCode: removed })).toEqual([
      {
        path: 'busiOrderNo|customerCode',
        rule: 'eitherOr',
        message: {
          cn: 'busiOrderNo（业务单号） 与 customerCode（客户编码） 至少填写一项',
          en: 'busiOrderNo (Business order number) or customerCode (Customer code) must be non-empty',
        },
      },
    ]);
  });

  it.each(['pod', 'tally', 'clearance'] as const)('%s with either one alone is accepted', (id) => {
    expect(issuesWith(id, { busiOrderNo: removed })).toEqual([]);
    expect(issuesWith(id, { customerCode: removed })).toEqual([]);
  });

  it('counts empty and blank values as missing', () => {
    const issues = issuesWith('tally', { busiOrderNo: '', customerCode: '   ' });
    expect(rules(issues)).toEqual([{ path: 'busiOrderNo|customerCode', rule: 'eitherOr' }]);
  });

  it('does not apply to documents without the rule', () => {
    expect(issuesWith('internalTransport', { busiOrderNo: removed, customerCode: removed })).toEqual([]);
  });
});

describe('date-time fields', () => {
  it.each([
    '2024-03-05 09:12:30',
    '2024-03-05T09:12:30+08:00',
    '2024-03-05T01:12:30Z',
    '2024-03-05T09:12:30.125',
  ])('accept %s', (value) => {
    expect(issuesWith('pod', { orderCreateTime: value })).toEqual([]);
  });

  it('reject other shapes with an example of what to send', () => {
    expect(issuesWith('pod', { orderCreateTime: '2024/03/05 09:12' })).toEqual([
      {
        path: 'orderCreateTime',
        rule: 'format',
        message: {
          cn: 'orderCreateTime（订单创建时间）必须是日期时间，如 "2024-03-05 14:30:00" 或 "2024-03-05T14:30:00+08:00"，实际为 "2024/03/05 09:12"',
          en: 'orderCreateTime (Order creation time) must be a date-time such as "2024-03-05 14:30:00" or "2024-03-05T14:30:00+08:00"; got "2024/03/05 09:12"',
        },
      },
    ]);
  });

  it('reject impossible calendar days, in lists too', () => {
    const issues = issuesWith('tally', {
      tallyTime: '2024-02-30 10:00:00',
      'goodsList.0.productDate': '2024-13-01',
    });
    expect(rules(issues)).toEqual([
      { path: 'tallyTime', rule: 'format' },
      { path: 'goodsList[0].productDate', rule: 'format' },
    ]);
    expect(issues[1]?.message.en).toContain('a date such as "2024-03-05"');
  });
});

describe('properties the spec does not name', () => {
  it('are accepted, at the top and inside lists, and the document is left exactly as sent', () => {
    const doc = exampleWith('inbound', {
      erpBatchId: 'ERP-2024-0305-77',
      customsBrokerRef: { code: '4403980XYZ', contact: '张伟' },
      'goodsList.0.shelfLifeDays': 1095,
    });
    const before = structuredClone(doc);
    expect(validators.inbound(doc)).toEqual([]);
    expect(doc).toEqual(before);
  });

  it('do not hide the issues of named fields', () => {
    expect(rules(issuesWith('pod', { vesselImo: 9795610, billNo: 42 }))).toEqual([
      { path: 'billNo', rule: 'type' },
    ]);
  });
});

describe('issue lists', () => {
  it('list every failing rule, once per field and rule, in schema order', () => {
    const issues = issuesWith('ondedEcOrder', {
      declareCode: removed,
      entOrderNo: 'X'.repeat(33),
      busiType: 10,
      orderDate: 'yesterday',
      goodList: [],
      'recipient.province': '',
      shippingFee: -5,
    });
    expect(rules(issues)).toEqual([
      { path: 'declareCode', rule: 'required' },
      { path: 'entOrderNo', rule: 'maxLength' },
      { path: 'busiType', rule: 'type' },
      { path: 'orderDate', rule: 'format' },
      { path: 'shippingFee', rule: 'minimum' },
      { path: 'goodList', rule: 'minItems' },
      { path: 'recipient.province', rule: 'minLength' },
    ]);
    expect(new Set(issues.map((issue) => `${issue.path} ${issue.rule}`)).size).toBe(issues.length);
  });

  it('never quote a long value back in full', () => {
    const [issue] = issuesWith('pod', { orderCreateTime: '9'.repeat(500) });
    expect(issue!.message.en.length).toBeLessThan(250);
  });
});

describe('readablePath', () => {
  it('turns JSON pointers into field paths', () => {
    expect(readablePath('')).toBe('');
    expect(readablePath('/entOrderNo')).toBe('entOrderNo');
    expect(readablePath('/orderList/0/goodList/1/qty')).toBe('orderList[0].goodList[1].qty');
    expect(readablePath('/a~1b/c~0d')).toBe('a/b.c~d');
  });
});
