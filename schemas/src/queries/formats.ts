import {
  type CustomFormat,
  isYearMonth,
  isYearOrYearMonth,
  tradeFormats,
  yearMonthFormat,
  yearOrYearMonthFormat,
} from '../documents/formats.ts';

/**
 * Formats of the query requests (query spec §3, §5), besides the documents' date formats:
 * reporting periods, the inventory goods filter and subscribers' callback addresses.
 */
const goodsIds = /^(\*|[^,\s*]+(,[^,\s*]+)*)$/;

export { isYearMonth, isYearOrYearMonth, yearMonthFormat };
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

export const periodFormat = yearOrYearMonthFormat;
export const goodsIdListFormat = 'goods-id-list';
export const httpUrlFormat = 'http-url';

export const queryFormats: Readonly<Record<string, CustomFormat>> = {
  ...tradeFormats,
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
