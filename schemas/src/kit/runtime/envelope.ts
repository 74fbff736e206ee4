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

/** Chinese is the default; English when the caller's Accept-Language prefers it. */
export function languageOf(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'cn';
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'cn';
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
