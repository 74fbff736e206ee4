import { examples } from '@tradelog/schemas/documents/examples';
import { describe, expect, it } from 'vitest';
import { MixFileError, parseMix, submissionsFromMix } from './mixFile.ts';

const line = (value: unknown) => JSON.stringify(value);

describe('a mix file for the benchmarks', () => {
  it('is read line by line, blank lines skipped', () => {
    const text = `${line({ type: 'pod', document: examples.pod })}\n\n${line({ type: 'purchase', document: examples.purchase })}\n`;
    expect(parseMix(text, 'mix.jsonl').map((entry) => entry.type)).toEqual(['pod', 'purchase']);
  });

  it('is refused with the line and the reason', () => {
    expect(() => parseMix(`${line({ type: 'pod', document: {} })}\n{oops`, 'mix.jsonl')).toThrow(
      /^mix\.jsonl line 2: not JSON/,
    );
    expect(() => parseMix(line({ type: 'invoice', document: {} }), 'mix.jsonl')).toThrow(
      /line 1: "type" must be one of .*pod.*; found "invoice"/,
    );
    expect(() => parseMix(line({ type: 'pod', document: [] }), 'mix.jsonl')).toThrow(MixFileError);
    expect(() => parseMix('\n\n', 'mix.jsonl')).toThrow(/holds no submission/);
  });

  it('is sent in passes: the file as written, then every document under a key of its own', () => {
    const entries = parseMix(
      [
        line({ type: 'pod', document: examples.pod }),
        line({ type: 'saleOrderToC', document: examples.saleOrderToC }),
      ].join('\n'),
      'mix.jsonl',
    );
    const sent = submissionsFromMix(entries, 5).map((submission) => ({
      type: submission.type,
      path: submission.path,
      document: JSON.parse(submission.body.toString()),
    }));
    expect(sent.map((submission) => submission.type)).toEqual([
      'pod',
      'saleOrderToC',
      'pod',
      'saleOrderToC',
      'pod',
    ]);
    expect(sent[0]!.document).toEqual(examples.pod);
    expect(sent[0]!.path).toBe('/api/v2/doc/pod/accept');
    const pod = examples.pod as unknown as Record<string, string>;
    const podKeys = sent.filter((s) => s.type === 'pod').map((s) => s.document.entOrderNo);
    expect(new Set(podKeys).size).toBe(3);
    // A sale to consumers keeps its enterprise; its orders are new ones.
    const sale = sent[3]!.document;
    expect(sale.customerCode).toBe(
      (examples.saleOrderToC as unknown as Record<string, unknown>).customerCode,
    );
    expect(sale.orderList[0].entOrderNo).toMatch(/-P1$/);
    // Links into chains stay as written.
    expect(sent[2]!.document.contractNo).toBe(pod.contractNo);
  });
});
