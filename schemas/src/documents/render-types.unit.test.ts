import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { labels, list, record, text, yesNo } from './json-schema.ts';
import { renderTypes } from './render-types.ts';
import { documentTypesModule, documentTypesPath } from './types-source.ts';

describe('generated document types', () => {
  it('are up to date with the schemas (regenerate: node schemas/scripts/generate-types.ts)', () => {
    expect(readFileSync(documentTypesPath, 'utf8')).toBe(documentTypesModule());
  });
});

describe('renderTypes', () => {
  const words = labels('样例', 'Sample', '说明', 'Description');

  it('renders required and optional fields, code unions, nested lists and a key map', () => {
    const schema = record(
      {
        no: text(32, words),
        flag: yesNo(words),
        lines: list(record({ qty: { type: 'number' } }, ['qty'], words), { max: 10 }, words),
        extra: record({}, [], words),
      },
      ['no'],
      words,
    );
    const source = renderTypes({
      header: '// header',
      schemas: [{ key: 'sample', name: 'SampleDocument', schema }],
      mapName: 'Samples',
    });
    expect(source).toBe(
      [
        '// header',
        '',
        '/** 样例 — Sample */',
        'export interface SampleDocument {',
        '  /** 样例 — Sample */',
        '  no: string;',
        '  /** 样例 — Sample */',
        '  flag?: "0" | "1";',
        '  /** 样例 — Sample */',
        '  lines?: SampleLinesItem[];',
        '  /** 样例 — Sample */',
        '  extra?: SampleExtra;',
        '}',
        '',
        '/** 样例 — Sample */',
        'export interface SampleLinesItem {',
        '  qty: number;',
        '}',
        '',
        '/** 样例 — Sample */',
        'export interface SampleExtra {',
        '  [field: string]: unknown;',
        '}',
        '',
        'export interface Samples {',
        '  sample: SampleDocument;',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('maps each schema to the fields it gives a default, when asked', () => {
    const paged = record({ page: { type: 'integer', default: 1 }, no: text(32, words) }, ['no'], words);
    const plain = record({ no: text(32, words) }, ['no'], words);
    const source = renderTypes({
      header: '// header',
      schemas: [
        { key: 'paged', name: 'PagedRequest', schema: paged },
        { key: 'plain', name: 'PlainRequest', schema: plain },
      ],
      mapName: 'Requests',
      defaultsMapName: 'RequestDefaults',
    });
    expect(source).toContain(
      ['export interface RequestDefaults {', '  paged: "page";', '  plain: never;', '}', ''].join('\n'),
    );
  });
});
