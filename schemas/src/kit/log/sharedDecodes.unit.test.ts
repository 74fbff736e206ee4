import { describe, expect, it } from 'vitest';
import { type Decode, sharingDecodes } from './sharedDecodes.ts';

/** A decode that counts its calls and parses the bytes as JSON (schema id 7). */
function countingDecode() {
  const calls: string[] = [];
  const decode: Decode = async (value) => {
    calls.push(value.toString());
    return { schemaId: 7, value: JSON.parse(value.toString()) };
  };
  return { calls, decode };
}

describe('sharingDecodes', () => {
  it('decodes a place once for its readers, whichever buffer brings its bytes', async () => {
    const { calls, decode } = countingDecode();
    const shared = sharingDecodes(decode, 1024);
    const first = await shared(Buffer.from('{"a":1}'), 'orders/0/5');
    const second = await shared(Buffer.from('{"a":1}'), 'orders/0/5');
    expect(second).toBe(first);
    expect(calls).toEqual(['{"a":1}']);
    await shared(Buffer.from('{"a":1}'), 'orders/0/6');
    expect(calls).toHaveLength(2);
  });

  it('decodes anew when the bytes at a place differ (a replaced log): the bytes decide', async () => {
    const { calls, decode } = countingDecode();
    const shared = sharingDecodes(decode, 1024);
    await shared(Buffer.from('{"a":1}'), 'orders/0/5');
    const replaced = await shared(Buffer.from('{"a":2}'), 'orders/0/5');
    expect(replaced.value).toEqual({ a: 2 });
    expect(calls).toEqual(['{"a":1}', '{"a":2}']);
  });

  it('shares nothing without a place', async () => {
    const { calls, decode } = countingDecode();
    const shared = sharingDecodes(decode, 1024);
    await shared(Buffer.from('{"a":1}'));
    await shared(Buffer.from('{"a":1}'));
    expect(calls).toHaveLength(2);
  });

  it('hands out a deeply frozen value: a reader cannot change what the next one reads', async () => {
    const shared = sharingDecodes(countingDecode().decode, 1024);
    const { value } = (await shared(Buffer.from('{"order":{"lines":[{"qty":1}]}}'), 'orders/0/1')) as {
      value: { order: { lines: { qty: number }[] } };
    };
    expect(() => {
      value.order.lines[0]!.qty = 2;
    }).toThrow(TypeError);
    expect(() => value.order.lines.push({ qty: 3 })).toThrow(TypeError);
  });

  it('keeps no failure: the next read decodes again', async () => {
    let fail = true;
    let calls = 0;
    const shared = sharingDecodes(async (value) => {
      calls++;
      if (fail) throw new Error('registry unavailable');
      return { schemaId: 1, value: value.toString() };
    }, 1024);
    await expect(shared(Buffer.from('x'), 'orders/0/1')).rejects.toThrow('registry unavailable');
    fail = false;
    await expect(shared(Buffer.from('x'), 'orders/0/1')).resolves.toEqual({ schemaId: 1, value: 'x' });
    expect(calls).toBe(2);
  });

  it('keeps at most its bytes, the oldest out first', async () => {
    const { calls, decode } = countingDecode();
    const shared = sharingDecodes(decode, 20);
    await shared(Buffer.from('"aaaaaaaa"'), 'p/0/1'); // 10 bytes
    await shared(Buffer.from('"bbbbbbbb"'), 'p/0/2'); // 20 in all
    await shared(Buffer.from('"cccccccc"'), 'p/0/3'); // 30: the first goes
    await shared(Buffer.from('"bbbbbbbb"'), 'p/0/2');
    await shared(Buffer.from('"cccccccc"'), 'p/0/3');
    expect(calls).toHaveLength(3);
    await shared(Buffer.from('"aaaaaaaa"'), 'p/0/1');
    expect(calls).toHaveLength(4);
  });
});
