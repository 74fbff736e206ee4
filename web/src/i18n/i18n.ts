import type { Locale } from '../app/routes.ts';
import { cn, type Dict } from './cn.ts';
import { en } from './en.ts';

export type { Dict };
export const dictionaries: Readonly<Record<Locale, Dict>> = { cn, en };

/** Fills `{name}` placeholders; unknown names stay visible so a missing value is noticed. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** Picks the text of a bilingual value, falling back to Chinese (§1: cn is the fallback). */
export function pick(value: { cn: string; en?: string } | undefined, locale: Locale): string {
  if (!value) return '';
  return (locale === 'en' ? value.en : value.cn) || value.cn;
}
