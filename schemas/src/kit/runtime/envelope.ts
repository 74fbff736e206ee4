import { isTradelogError } from '../../errors/tradelogError.ts';

/**
 * The response envelope every Tradelog HTTP interface answers with (submission spec §3.15,
 * query spec §8): `{flag, code, message, …}`. Pure, so both Express services map errors the
 * same way and the mapping is unit-tested without a server.
 */
export type Lang = 'cn' | 'en';

export interface SuccessEnvelope {
  flag: 'success';
  code: string;
  message: string;
  [extra: string]: unknown;
}

export interface FailureEnvelope {
  flag: 'failure';
  code: string;
  message: string;
  [extra: string]: unknown;
}

export function success(
  extra: Record<string, unknown> = {},
  message = 'success',
  code = '200',
): SuccessEnvelope {
  return { flag: 'success', code, message, ...extra };
}

/**
 * Accept-Language values already read: a caller sends the same one on every call. Bounded in
 * entries and in their length, so that a caller varying the header cannot grow it past 64 KiB.
 */
const languages = new Map<string, Lang>();

/**
 * Chinese is the default; English when the caller's Accept-Language prefers English to Chinese
 * (RFC 9110 §12.5.4): the higher quality wins, the earlier entry on a tie, and a language not
 * listed counts as not wanted. So `fr-FR, en;q=0.8` (a French system that reads English) is
 * answered in English, `en;q=0.5, zh;q=0.9` in Chinese, and `de` in Chinese, the default.
 */
export function languageOf(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'cn';
  const known = languages.get(acceptLanguage);
  if (known !== undefined) return known;
  // Per language: its best quality and the entry that first gave it.
  const best = { en: { quality: 0, at: 0 }, cn: { quality: 0, at: 0 } };
  const entries = acceptLanguage.slice(0, 512).split(',');
  entries.forEach((entry, at) => {
    const [range = '', ...parameters] = entry.split(';');
    const tag = range.trim().toLowerCase();
    const lang =
      tag === 'en' || tag.startsWith('en-') ? 'en' : tag === 'zh' || tag.startsWith('zh-') ? 'cn' : undefined;
    if (lang === undefined) return;
    const q = parameters
      .map((parameter) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(parameter)?.[1])
      .find((value) => value !== undefined);
    const quality = q === undefined ? 1 : Number(q);
    if (quality > best[lang].quality) best[lang] = { quality, at };
  });
  const { en, cn } = best;
  const lang: Lang =
    en.quality > cn.quality || (en.quality > 0 && en.quality === cn.quality && en.at < cn.at) ? 'en' : 'cn';
  if (languages.size < 256 && acceptLanguage.length <= 256) languages.set(acceptLanguage, lang);
  return lang;
}

const internal = { cn: '服务内部错误，请稍后重试', en: 'Internal error; please try again later' };

/** Maps any thrown value to an HTTP status and a failure envelope; unknown errors never leak their text. */
export function failure(error: unknown, lang: Lang): { status: number; body: FailureEnvelope } {
  if (isTradelogError(error)) {
    const localized = error.details?.message as { cn?: string; en?: string } | undefined;
    const message = localized?.[lang] ?? error.message;
    const { message: _localized, ...details } = error.details ?? {};
    return { status: error.status, body: { flag: 'failure', code: error.code, message, ...details } };
  }
  return { status: 500, body: { flag: 'failure', code: 'INTERNAL', message: internal[lang] } };
}
