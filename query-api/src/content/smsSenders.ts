import { type Logger, localizedError } from '@tradelog/schemas';
import type { SmsSender } from './accounts.ts';

/**
 * Where verification codes go (PORTAL_SMS_SENDER, README): `log` writes them to the log
 * (development only); `http` posts `{phone, code}` as JSON to the gateway at PORTAL_SMS_URL and
 * counts any 2xx within the timeout as sent; `none` refuses with a retriable 503, so the
 * visitor may retry at once.
 */
export function logSmsSender(logger: Logger): SmsSender {
  return async (phone, code) => {
    logger.info('verification code (development: PORTAL_SMS_SENDER=log)', {
      phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      code,
    });
  };
}

const unavailable = () =>
  localizedError('SMS_UNAVAILABLE', 503, {
    cn: '短信服务暂不可用，请稍后重试',
    en: 'The SMS service is unavailable; please try again later',
  });

export function httpSmsSender(url: string, timeoutMs = 5_000): SmsSender {
  return async (phone, code) => {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, code }),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    }).catch((error: unknown) => {
      throw Object.assign(unavailable(), { cause: error });
    });
    await answer.body?.cancel();
    if (!answer.ok) throw unavailable();
  };
}

export const noSmsSender: SmsSender = async () => {
  throw unavailable();
};
