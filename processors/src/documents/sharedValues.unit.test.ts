import { describe, expect, it } from 'vitest';
import { sharedValueDecodes } from './sharedValues.ts';

/** A codec that parses the bytes as JSON and counts its decodes; `fail` makes the next one fail. */
function countingCodec() {
  const codec = {
    decodes: 0,
    fail: false,
    async decode(value: Buffer) {
      codec.decodes++;
      if (codec.fail) {
        codec.fail = false;
        throw new Error('registry unavailable');
      }
      return { schemaId: 1, value: JSON.parse(value.toString('utf8')) as unknown };
    },
  };
  return codec;
}

const at = (offset: number) => ({ topic: 'tradelog.doc.pod', partition: 0, offset: String(offset) });
const bytes = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('decodes shared by the projections of a process', () => {
  it('decodes a position once for every projection that reads the same bytes, and freezes what it shares', async () => {
    const codec = countingCodec();
    const decodes = sharedValueDecodes(codec);
    const document = { entOrderNo: 'POD-1', goods: [{ qty: 1 }] };
    const [first, second] = await Promise.all([
      decodes.decode(bytes(document), at(7)),
      decodes.decode(bytes(document), at(7)),
    ]);
    const third = await decodes.decode(bytes(document), at(7));
    expect(codec.decodes).toBe(1);
    expect(second.value).toBe(first.value);
    expect(third.value).toBe(first.value);
    expect(first.value).toEqual(document);
    const shared = first.value as typeof document;
    expect(() => {
      shared.goods[0]!.qty = 2;
    }).toThrow(TypeError);
  });

  it('decodes again when the position holds other bytes (a replaced log), or was not given', async () => {
    const codec = countingCodec();
    const decodes = sharedValueDecodes(codec);
    await decodes.decode(bytes({ n: 1 }), at(3));
    const replaced = await decodes.decode(bytes({ n: 2 }), at(3));
    expect(replaced.value).toEqual({ n: 2 });
    await decodes.decode(bytes({ n: 2 }));
    expect(codec.decodes).toBe(3);
  });

  it('keeps no failed decode, and only the last positions', async () => {
    const codec = countingCodec();
    const decodes = sharedValueDecodes(codec, { entries: 2, bytes: 1024 });
    codec.fail = true;
    await expect(decodes.decode(bytes({ n: 1 }), at(1))).rejects.toThrow('registry unavailable');
    expect((await decodes.decode(bytes({ n: 1 }), at(1))).value).toEqual({ n: 1 });
    await decodes.decode(bytes({ n: 2 }), at(2));
    await decodes.decode(bytes({ n: 3 }), at(3));
    expect(codec.decodes).toBe(4);
    await decodes.decode(bytes({ n: 3 }), at(3));
    expect(codec.decodes).toBe(4);
    // Position 1 was the oldest of three: decoded again.
    await decodes.decode(bytes({ n: 1 }), at(1));
    expect(codec.decodes).toBe(5);
  });

  it('keeps no more bytes than its bound: a large value pushes the oldest out', async () => {
    const codec = countingCodec();
    const decodes = sharedValueDecodes(codec, { entries: 100, bytes: 64 });
    await decodes.decode(bytes({ n: 1 }), at(1));
    await decodes.decode(bytes({ text: 'x'.repeat(50) }), at(2));
    await decodes.decode(bytes({ n: 1 }), at(1));
    expect(codec.decodes).toBe(3);
    // A value larger than the bound is decoded but not kept.
    await decodes.decode(bytes({ text: 'y'.repeat(80) }), at(3));
    await decodes.decode(bytes({ text: 'y'.repeat(80) }), at(3));
    expect(codec.decodes).toBe(5);
  });
});
