import { describe, expect, it } from 'vitest';
import { remembered, rememberedPerObject } from './remembered.ts';

describe('remembered results', () => {
  it('computes a name once, up to the number kept', () => {
    let computed = 0;
    const length = remembered((name) => {
      computed++;
      return name.length;
    }, 1);
    expect([length('ab'), length('ab'), length('abc'), length('abc')]).toEqual([2, 2, 3, 3]);
    // 'ab' kept; 'abc' past the bound, computed each time.
    expect(computed).toBe(3);
  });

  it('computes an object’s result once, an undefined one too, per object', () => {
    let computed = 0;
    const keysOf = rememberedPerObject((object: object) => {
      computed++;
      return Object.keys(object).length === 0 ? undefined : Object.keys(object);
    });
    const event = { a: 1 };
    const empty = {};
    expect(keysOf(event)).toBe(keysOf(event));
    expect(keysOf(empty)).toBeUndefined();
    expect(keysOf(empty)).toBeUndefined();
    expect(keysOf({ a: 1 })).toEqual(['a']);
    expect(computed).toBe(3);
  });
});
