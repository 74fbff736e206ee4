import { yearMonthFormat, yearOrYearMonthFormat } from '../../documents/formats.ts';
import {
  amount,
  code,
  date,
  dateTime,
  formatted,
  type Labels,
  labels as l,
  namesEnterprise,
  text,
  whole,
} from '../../documents/json-schema.ts';

/**
 * The field vocabulary of the enterprise feeds (query spec §3 "Warehouse summary, in-warehouse
 * data…", "Warehouse operating indicators", "Payment account monitor", "Brand ranking",
 * "E-commerce sales data", "Tax information"): one definition per field name, shared by the
 * feed documents providers append and the query requests that read them back. Lengths are the
 * spec's (§3, §5); where it gives none, 255 for text (the documents' rule).
 */

/** The e-commerce platforms of §5 (sales data). */
export const salesPlatforms = {
  TMALL: ['天猫', 'Tmall'],
  JD: ['京东', 'JD.com'],
  VIP: ['唯品会', 'Vipshop'],
  KAOLA: ['考拉', 'Kaola'],
  YUNJI: ['云集', 'Yunji'],
} as const satisfies Record<string, readonly [string, string]>;

/** The platforms of the payment account monitor (§3, §9: the sales platforms plus VIP_SETTLEMENT). */
export const monitorPlatforms = {
  JD: salesPlatforms.JD,
  TMALL: salesPlatforms.TMALL,
  YUNJI: salesPlatforms.YUNJI,
  VIP: salesPlatforms.VIP,
  VIP_SETTLEMENT: ['唯品会结算', 'Vipshop settlement'],
  KAOLA: salesPlatforms.KAOLA,
} as const satisfies Record<string, readonly [string, string]>;

export const feedField = {
  enterpriseId: namesEnterprise(
    'enterprise',
    text(
      20,
      l('企业标识', 'Enterprise id', '企业的统一社会信用代码', "The enterprise's unified social credit code"),
    ),
  ),
  enterpriseName: text(50, l('企业名称', 'Enterprise name', '企业全称', "The enterprise's full name")),
  enterpriseCode: namesEnterprise(
    'enterprise',
    text(
      20,
      l(
        '企业编码',
        'Enterprise code',
        '企业的统一社会信用代码',
        "The enterprise's unified social credit code",
      ),
    ),
  ),
  warehouseId: text(50, l('仓库编码', 'Warehouse id', '仓库编码', 'The warehouse code')),
  salesPlatform: code(
    salesPlatforms,
    l('平台', 'Platform', '电商平台（最长 10 个字符）', 'The e-commerce platform (at most 10 characters)'),
  ),
  monitorPlatform: code(monitorPlatforms, l('平台', 'Platform', '回款平台', 'The platform paying out')),
  period: formatted(
    8,
    yearOrYearMonthFormat,
    l('期间', 'Period', '年份 YYYY 或年月 YYYY-MM', 'A year YYYY or a month YYYY-MM'),
  ),
  month: formatted(7, yearMonthFormat, l('月份', 'Month', '年月 YYYY-MM', 'A month YYYY-MM')),
  currency: text(10, l('币种', 'Currency', '币种代码，如 CNY', 'The currency code, e.g. CNY')),
  amount: (words: Labels) => amount(words),
  count: (words: Labels) => whole({ min: 0 }, words),
  day: (words: Labels) => date(words),
  time: (words: Labels) => dateTime(words),
  text: (max: number, words: Labels) => text(max, words),
} as const;
