import { describe, expect, it } from 'vitest';
import { metricChildren } from './metricChildren.ts';

describe('metric children', () => {
  it('makes a child once per combination of label values, numbers as their text', () => {
    const made: string[][] = [];
    const children = metricChildren((...values) => {
      made.push(values);
      return { values };
    });
    const first = children('POST', '/a', 200);
    expect(children('POST', '/a', 200)).toBe(first);
    expect(children('POST', '/a', 400)).not.toBe(first);
    expect(children('GET', '/a', 200).values).toEqual(['GET', '/a', '200']);
    expect(made).toEqual([
      ['POST', '/a', '200'],
      ['POST', '/a', '400'],
      ['GET', '/a', '200'],
    ]);
  });

  it('stops remembering past its bound but still answers', () => {
    let made = 0;
    const children = metricChildren((value) => ({ value, serial: ++made }), 2);
    children('a');
    children('b');
    expect(children('c').value).toBe('c');
    expect(children('c').serial).toBe(4);
    expect(children('a').serial).toBe(1);
  });
});
