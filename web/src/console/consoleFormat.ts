import type { Locale } from '../app/routes.ts';

/** A timestamp as the console shows it: the reader's language decides the date order. */
export function localTime(value: string | number | Date, locale: Locale): string {
  return new Date(value).toLocaleString(locale === 'cn' ? 'zh-CN' : 'en-GB');
}
