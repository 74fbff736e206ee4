import { describe, expect, it } from 'vitest';
import { createPartnerNames, partnerCodesIn, withPartnerNames } from './partnerNames.ts';

describe('partner names in lender answers', () => {
  const result = {
    rows: [
      { fields: { a: 1 }, provenance: { documentId: 'd1', partnerId: 'acme' } },
      {
        goods: {
          provenance: [
            { documentId: 'd2', partnerId: 'bolt' },
            { documentId: 'd3', partnerId: 'acme' },
          ],
        },
      },
    ],
  };

  it('collects every provenance’s partner once', () => {
    expect(partnerCodesIn(result).sort()).toEqual(['acme', 'bolt']);
  });

  it('names each provenance’s partner, null for an account no longer known, leaving the rest as it was', () => {
    const named = withPartnerNames(
      result,
      new Map([
        ['acme', 'Acme Logistics'],
        ['bolt', null],
      ]),
    );
    expect(named).toEqual({
      rows: [
        {
          fields: { a: 1 },
          provenance: { documentId: 'd1', partnerId: 'acme', partnerName: 'Acme Logistics' },
        },
        {
          goods: {
            provenance: [
              { documentId: 'd2', partnerId: 'bolt', partnerName: null },
              { documentId: 'd3', partnerId: 'acme', partnerName: 'Acme Logistics' },
            ],
          },
        },
      ],
    });
    expect(result.rows[0]!.provenance).not.toHaveProperty('partnerName');
  });

  it('asks Postgres once a minute per account, for the accounts it does not remember', async () => {
    const asked: string[][] = [];
    let at = 0;
    const names = createPartnerNames(
      {
        query: (async (_text: string, params: [string[]]) => {
          asked.push(params[0]);
          return {
            rows: params[0].filter((code) => code === 'acme').map((code) => ({ code, name: 'Acme' })),
          };
        }) as never,
      },
      () => at,
    );
    expect(await names.of(['acme', 'gone'])).toEqual(
      new Map([
        ['acme', 'Acme'],
        ['gone', null],
      ]),
    );
    at = 59_000;
    await names.of(['acme']);
    at = 61_000;
    await names.of(['acme', 'new']);
    expect(asked).toEqual([
      ['acme', 'gone'],
      ['acme', 'new'],
    ]);
  });
});
