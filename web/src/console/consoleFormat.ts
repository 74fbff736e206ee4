import type { Locale } from '../app/routes.ts';

/**
 * The language tag the console formats dates and numbers with, one for every view so a moment or an
 * amount reads the same wherever it is shown: zh-CN for Chinese readers, en-GB for English ones.
 */
export function displayTag(locale: Locale): 'zh-CN' | 'en-GB' {
  return locale === 'cn' ? 'zh-CN' : 'en-GB';
}

/** A timestamp as the console shows it: the reader's language decides the date order. */
export function localTime(value: string | number | Date, locale: Locale): string {
  return new Date(value).toLocaleString(displayTag(locale));
}
