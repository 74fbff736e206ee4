import {
  code,
  documentSchema,
  type JsonSchema,
  labels as l,
  list,
  namesEnterprise,
  record,
} from '../../documents/json-schema.ts';
import { feedField } from './fields.ts';

/**
 * Tax information (query spec §3 "Tax information"), as a tax-bureau data service delivers it
 * for one taxpayer: the taxpayer's id and name, whether the data is processed (01) or raw (02),
 * when the service produced it, and the fourteen lists of §3. The spec does not reproduce the
 * lists' abbreviated fields ("not shown"), so each list item is an open object kept as
 * delivered; the enumerations the spec does give are validated where they occur: taxpayer state
 * (payerInfo[].nsrzt: 正常 normal, 非正常 abnormal), credit grade (xypjList[].pjjb: A, B, C, D),
 * levy status (levyList[].zszt: 欠缴 owed, 已入库 paid in) and balance-sheet version
 * (zcfzbList[].version: 1 general, 2 small enterprise, 3 accounting system). The field names
 * nsrzt, pjjb, zszt and version are ours (the spec names the values, not the fields).
 */
export const nsrsbh = namesEnterprise(
  'taxpayer',
  feedField.text(
    20,
    l(
      '纳税人识别号',
      'Taxpayer id',
      '纳税人识别号（统一社会信用代码）',
      "The taxpayer's id (unified social credit code)",
    ),
  ),
);
export const nsrsmc = feedField.text(
  500,
  l('纳税人名称', 'Taxpayer name', '纳税人名称', "The taxpayer's name"),
);
export const datatype = code(
  { '01': ['加工数据（默认）', 'processed (default)'], '02': ['原始数据', 'raw'] },
  l('数据类型', 'Data type', '加工数据或原始数据', 'Processed or raw data'),
);

const openItem = (cn: string, en: string, fields: Readonly<Record<string, JsonSchema>> = {}) =>
  record(
    fields,
    [],
    l(
      cn,
      en,
      `一条${cn}（字段按数据服务原样保存）`,
      `One ${en.toLowerCase()} entry (kept as the data service delivers it)`,
    ),
  );

/** The fourteen lists of §3, in its order: name → [cn, en, item fields with enumerations]. */
export const taxLists = {
  taxlist: ['纳税信息', 'Tax payments', {}],
  payerInfo: [
    '纳税人信息',
    'Taxpayer details',
    {
      nsrzt: code(
        { 正常: ['正常', 'normal'], 非正常: ['非正常', 'abnormal'] },
        l('纳税人状态', 'Taxpayer state', '纳税人状态', "The taxpayer's state"),
      ),
    },
  ],
  xypjList: [
    '信用评价',
    'Credit ratings',
    {
      pjjb: code(
        { A: ['A 级', 'grade A'], B: ['B 级', 'grade B'], C: ['C 级', 'grade C'], D: ['D 级', 'grade D'] },
        l('评价级别', 'Credit grade', '纳税信用评价级别', 'The tax credit grade'),
      ),
    },
  ],
  declareList: ['申报信息', 'Declarations', {}],
  levyList: [
    '征收信息',
    'Levies',
    {
      zszt: code(
        { 欠缴: ['欠缴', 'owed'], 已入库: ['已入库', 'paid in'] },
        l('征收状态', 'Levy status', '税款征收状态', 'Whether the tax is owed or paid in'),
      ),
    },
  ],
  ispList: ['稽查信息', 'Inspections', {}],
  vioList: ['违法违章', 'Violations', {}],
  plList: ['利润表', 'Profit statements', {}],
  tzfList: ['投资方信息', 'Investors', {}],
  sxyList: ['上下游信息', 'Upstream and downstream', {}],
  zcfzbList: [
    '资产负债表',
    'Balance sheets',
    {
      version: code(
        {
          '1': ['一般企业', 'general'],
          '2': ['小企业', 'small enterprise'],
          '3': ['企业会计制度', 'accounting system'],
        },
        l('报表版本', 'Statement version', '资产负债表版本', 'The balance-sheet version'),
      ),
    },
  ],
  qybgdjList: ['企业变更登记', 'Registration changes', {}],
  fjgxxList: ['分支机构信息', 'Branches', {}],
  yjsfList: ['欠税信息', 'Tax arrears', {}],
} as const satisfies Record<string, readonly [string, string, Readonly<Record<string, JsonSchema>>]>;

export type TaxListName = keyof typeof taxLists;
export const taxListNames = Object.keys(taxLists) as TaxListName[];

export const taxInformationSchema: JsonSchema = documentSchema({
  words: l(
    '企业涉税信息',
    'Tax information',
    '税务数据服务提供的一个纳税人的涉税信息。十四个列表的字段规范未列出，按原样保存；规范给出的枚举（纳税人状态、信用等级、征收状态、报表版本）逐项校验',
    "One taxpayer's tax information as a tax data service delivers it. The spec does not list the fields of the fourteen lists, so they are kept as delivered; the enumerations it gives (taxpayer state, credit grade, levy status, statement version) are validated",
  ),
  properties: {
    nsrsbh,
    nsrsmc,
    datatype,
    reportTime: feedField.time(
      l('数据时间', 'Data time', '数据服务生成本份数据的时间', 'When the data service produced this data'),
    ),
    ...Object.fromEntries(
      Object.entries(taxLists).map(([name, [cn, en, fields]]) => [
        name,
        list(openItem(cn, en, fields), { max: 5000 }, l(cn, en, `${cn}列表`, `The ${en.toLowerCase()} list`)),
      ]),
    ),
  },
  required: ['nsrsbh', 'nsrsmc', 'datatype', 'reportTime'],
});
