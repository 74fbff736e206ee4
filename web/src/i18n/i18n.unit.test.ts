import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';
import { en } from './en.ts';
import { format, pick } from './i18n.ts';

function leaves(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${path}[${index}]`));
  return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) =>
    leaves(item, `${path}.${key}`),
  );
}

describe('dictionaries', () => {
  it('have the same keys in cn and en, and no empty text', () => {
    expect(leaves(en)).toEqual(leaves(cn));
    const empty = (dict: unknown) =>
      leaves(dict).filter((path) => {
        const value = path
          .split(/\.|\[|\]/)
          .filter(Boolean)
          .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], dict);
        return value === '';
      });
    expect(empty(cn)).toEqual([]);
    expect(empty(en)).toEqual([]);
  });

  it('formats placeholders and picks bilingual values with cn fallback', () => {
    expect(format('共 {count} 款产品', { count: 3 })).toBe('共 3 款产品');
    expect(format('{missing}', {})).toBe('{missing}');
    expect(pick({ cn: '保理', en: 'Factoring' }, 'en')).toBe('Factoring');
    expect(pick({ cn: '保理', en: '' }, 'en')).toBe('保理');
  });
});
