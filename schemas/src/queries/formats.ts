import { type CustomFormat, tradeFormats } from '../documents/formats.ts';

/**
 * Formats of the query requests (query spec §3, §5), besides the documents' date formats:
 * reporting periods, the inventory goods filter and subscribers' callback addresses.
 */
const yearMonth = /^(\d{4})-(0[1-9]|1[0-2])$/;
const year = /^\d{4}$/;
const goodsIds = /^(\*|[^,\s*]+(,[^,\s*]+)*)$/;

export const isYearMonth = (value: string): boolean => yearMonth.test(value);
export const isYearOrYearMonth = (value: string): boolean => year.test(value) || yearMonth.test(value);
export const isGoodsIdList = (value: string): boolean => goodsIds.test(value);

/** An absolute http(s) URL with a host; a `{token}` may ride in its query string (§5). */
export function isHttpUrl(value: string): boolean {
  if (value !== value.trim()) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const yearMonthFormat = 'year-month';
export const periodFormat = 'year-or-year-month';
export const goodsIdListFormat = 'goods-id-list';
export const httpUrlFormat = 'http-url';

export const queryFormats: Readonly<Record<string, CustomFormat>> = {
  ...tradeFormats,
  [yearMonthFormat]: {
    validate: isYearMonth,
    hint: { cn: '年月，如 "2024-03"', en: 'a month such as "2024-03"' },
  },
  [periodFormat]: {
    validate: isYearOrYearMonth,
    hint: { cn: '年份或年月，如 "2024" 或 "2024-03"', en: 'a year or a month such as "2024" or "2024-03"' },
  },
  [goodsIdListFormat]: {
    validate: isGoodsIdList,
    hint: {
      cn: '以英文逗号分隔的商品编码，或 * 表示全部',
      en: 'goods ids separated by commas, or * for all',
    },
  },
  [httpUrlFormat]: {
    validate: isHttpUrl,
    hint: {
      cn: '以 http:// 或 https:// 开头的完整地址',
      en: 'a full address starting with http:// or https://',
    },
  },
};
