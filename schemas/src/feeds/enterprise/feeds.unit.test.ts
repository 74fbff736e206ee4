import { describe, expect, it } from 'vitest';
import type { DocumentTypeId } from '../../documents/catalogue.ts';
import { examples } from '../../documents/examples.ts';
import { withChanges } from '../../documents/testing.ts';
import { createDocumentValidators, type ValidationIssue } from '../../documents/validator.ts';

const validators = createDocumentValidators();
const rules = (issues: ValidationIssue[]) => issues.map(({ path, rule }) => ({ path, rule }));
const issuesWith = (id: DocumentTypeId, changes: Readonly<Record<string, unknown>>) =>
  validators[id](withChanges(examples[id], changes));

describe('enterprise feed enumerations (query spec §3, §5, §9)', () => {
  it.each([
    ['ecommerceSalesToB', 'platform', 'VIP_SETTLEMENT', 'KAOLA'],
    ['ecommerceSalesToC', 'platform', 'TAOBAO', 'YUNJI'],
    ['paymentAccountChange', 'platform', 'TAOBAO', 'VIP_SETTLEMENT'],
    ['brandRanking', 'rankingType', '99', '2'],
    ['taxInformation', 'datatype', '03', '02'],
    ['taxInformation', 'xypjList.0.pjjb', 'M', 'D'],
    ['taxInformation', 'payerInfo.0.nsrzt', '注销', '非正常'],
    ['taxInformation', 'levyList.0.zszt', '减免', '欠缴'],
    ['taxInformation', 'zcfzbList.0.version', '4', '3'],
  ] as const)('%s.%s refuses "%s" and accepts "%s"', (id, field, wrong, right) => {
    const path = field.replace(/\.(\d+)\./g, '[$1].');
    expect(rules(issuesWith(id, { [field]: wrong }))).toEqual([{ path, rule: 'enum' }]);
    expect(issuesWith(id, { [field]: right })).toEqual([]);
  });

  it('names the allowed platforms in both languages', () => {
    const [issue] = issuesWith('paymentAccountChange', { platform: 'TAOBAO' });
    expect(issue!.message.en).toContain('"VIP_SETTLEMENT" (Vipshop settlement)');
    expect(issue!.message.cn).toContain('"JD"（京东）');
  });
});

describe('enterprise feed periods', () => {
  it.each(['2024', '2024-02'])('brand rankings accept the period %s', (period) => {
    expect(issuesWith('brandRanking', { dataMonth: period })).toEqual([]);
  });

  it.each(['2024-13', '202402', '2024-2'])(
    'brand rankings refuse the period %s, saying what to send',
    (period) => {
      const issues = issuesWith('brandRanking', { dataMonth: period });
      expect(rules(issues)).toEqual([{ path: 'dataMonth', rule: 'format' }]);
      expect(issues[0]!.message.en).toContain('a year or a month such as "2024" or "2024-03"');
    },
  );

  it('checks the periods of sales months', () => {
    expect(rules(issuesWith('ecommerceSalesToC', { 'monthDataList.1.period': '24-02' }))).toEqual([
      { path: 'monthDataList[1].period', rule: 'format' },
    ]);
  });
});

describe('enterprise feed bounds', () => {
  it('holds enterpriseId to 20 characters and shopCode to 50 (§5)', () => {
    expect(
      rules(issuesWith('ecommerceSalesToC', { enterpriseId: 'X'.repeat(21), shopCode: 'S'.repeat(51) })),
    ).toEqual([
      { path: 'enterpriseId', rule: 'maxLength' },
      { path: 'shopCode', rule: 'maxLength' },
    ]);
  });

  it('keeps the tax lists open: fields the spec does not show are accepted as delivered', () => {
    expect(issuesWith('taxInformation', { 'vioList.0': { wfss: '逾期申报', clrq: '2023-05-10' } })).toEqual(
      [],
    );
  });
});
