import { describe, expect, it } from 'vitest';
import { type AttributionState, attributeDocument, orderKeysOf } from './attribution.ts';
import { type DocumentEvent, untyped } from './event.ts';
import { documentLog, linkedTallies } from './testing.ts';

const empty: AttributionState = { keys: new Map(), pending: new Map() };

/** Folds documents through the rules; what was released, as `type:enterprise:via`. */
function given(events: readonly DocumentEvent[], state = empty) {
  const released: DocumentEvent[] = [];
  for (const event of events) {
    const step = attributeDocument(state, event);
    state = step.state;
    released.push(...step.released);
  }
  return { state, released };
}

const summary = (events: readonly DocumentEvent[]) =>
  events.map((e) => `${e.type}:${e.attribution?.enterprise ?? `own`}:${e.attribution?.via ?? 'document'}`);

const ENT = '91440300MA5G2K7L3X';

describe('attribution', () => {
  it('direct: a document naming its enterprise is released as it is, and teaches its order keys', () => {
    const log = documentLog();
    const { state, released } = given([
      log('purchase', { customerCode: ENT, entOrderNo: 'PO1', wmsOrderNo: 'WMS1' }),
    ]);
    expect(summary(released)).toEqual(['purchase:own:document']);
    expect(released[0]!.attribution).toBeUndefined();
    expect(state.keys.get('inboundOrderNo=WMS1')).toBe(ENT);
  });

  it('through an order: an inbound without an enterprise field belongs to the purchase that names its number', () => {
    const log = documentLog();
    const { released } = given([
      log('purchase', { customerCode: ENT, entOrderNo: 'PO1', wmsOrderNo: 'IN-1' }),
      log('inbound', { entOrderNo: 'IN-1', warehouseId: 'W1' }),
    ]);
    expect(summary(released)).toEqual(['purchase:own:document', `inbound:${ENT}:order`]);
    expect(released[1]!.attribution).toEqual({ enterprise: ENT, via: 'order', key: 'inboundOrderNo=IN-1' });
  });

  it('through the partner: the record header names the partner’s single enterprise', () => {
    const log = documentLog();
    const pod = log('pod', { entOrderNo: 'POD1', busiOrderNo: 'BO1' });
    const stamped = { ...pod, provenance: { ...pod.provenance, partnerEnterprise: ENT } };
    const { state, released } = given([stamped]);
    expect(summary(released)).toEqual([`pod:${ENT}:partner`]);
    expect(state.keys.get('busiOrderNo=BO1')).toBe(ENT);
  });

  it('late resolution: a document kept pending is released when a later document resolves its order, in log order', () => {
    const log = documentLog();
    const tally = log('tally', { orderNo: 'T1', inboundOrderNo: 'IN-1' });
    const inbound = log('inbound', { entOrderNo: 'IN-1', busiOrderNo: 'BO1' });
    const first = given([tally, inbound]);
    expect(first.released).toEqual([]);
    expect([...first.state.pending.keys()]).toHaveLength(2);
    // The port arrival names the enterprise and the business order: it resolves the inbound,
    // whose own number then resolves the tally (a cascade).
    const pod = log('pod', { customerCode: ENT, entOrderNo: 'POD1', busiOrderNo: 'BO1' });
    const second = given([pod], first.state);
    expect(summary(second.released)).toEqual([
      'pod:own:document',
      `inbound:${ENT}:order`,
      `tally:${ENT}:order`,
    ]);
    expect(second.state.pending.size).toBe(0);
  });

  it('is deterministic: whichever comes first, the same documents end attributed to the same enterprise', () => {
    const log = documentLog();
    const events = [
      log('tally', { orderNo: 'T1', inboundOrderNo: 'IN-1' }),
      log('inbound', { entOrderNo: 'IN-1', busiOrderNo: 'BO1' }),
      log('pod', { customerCode: ENT, entOrderNo: 'POD1', busiOrderNo: 'BO1' }),
    ];
    const attributed = (order: DocumentEvent[]) =>
      given(order)
        .released.map((e) => `${e.type}:${e.attribution?.enterprise ?? untyped(e.document).customerCode}`)
        .sort();
    expect(attributed([...events].reverse())).toEqual(attributed(events));
    expect(attributed([events[1]!, events[2]!, events[0]!])).toEqual(attributed(events));
  });

  it('never links through a key two enterprises claim', () => {
    const log = documentLog();
    const { state, released } = given([
      log('pod', { customerCode: 'ENT-A', entOrderNo: 'A1', busiOrderNo: 'BO1' }),
      log('pod', { customerCode: 'ENT-B', entOrderNo: 'B1', busiOrderNo: 'BO1' }),
      log('tally', { orderNo: 'T1', busiOrderNo: 'BO1' }),
    ]);
    expect(state.keys.get('busiOrderNo=BO1')).toBeNull();
    expect(summary(released)).toEqual(['pod:own:document', 'pod:own:document']);
    expect(state.pending.size).toBe(1);
  });

  it('contested: a document whose learnt keys name two enterprises is attributed to neither and teaches nothing', () => {
    const log = documentLog();
    const { state, released } = given([
      log('pod', { customerCode: 'ENT-A', entOrderNo: 'A1', busiOrderNo: 'BO-A' }),
      log('pod', { customerCode: 'ENT-B', entOrderNo: 'B1', inboundOrderNo: 'IN-B' }),
      log('tally', { orderNo: 'T1', busiOrderNo: 'BO-A', inboundOrderNo: 'IN-B' }),
    ]);
    expect(summary(released)).toEqual(['pod:own:document', 'pod:own:document']);
    expect(state.pending.size).toBe(1);
    expect(state.keys.get('busiOrderNo=BO-A')).toBe('ENT-A');
    expect(state.keys.get('inboundOrderNo=IN-B')).toBe('ENT-B');
  });

  it('contested: a pending document is not released through one key while another names a different enterprise', () => {
    const log = documentLog();
    const { state, released } = given([
      log('pod', { customerCode: 'ENT-B', entOrderNo: 'B1', inboundOrderNo: 'IN-B' }),
      log('tally', { orderNo: 'T1', busiOrderNo: 'BO-A', inboundOrderNo: 'IN-B' }),
      log('tally', { orderNo: 'T2', busiOrderNo: 'BO-A' }),
    ]);
    // T1 went to ENT-B through IN-B and taught BO-A; T2 followed through BO-A.
    expect(summary(released)).toEqual(['pod:own:document', 'tally:ENT-B:order', 'tally:ENT-B:order']);
    const later = given(
      [log('pod', { customerCode: 'ENT-A', entOrderNo: 'A1', busiOrderNo: 'BO-A' })],
      state,
    );
    // ENT-A's claim makes BO-A ambiguous; what was attributed stays where it went.
    expect(later.state.keys.get('busiOrderNo=BO-A')).toBeNull();
    expect(summary(later.released)).toEqual(['pod:own:document']);

    const pendingFirst = given([
      log('tally', { orderNo: 'T3', busiOrderNo: 'BO-C', inboundOrderNo: 'IN-C' }),
      log('pod', { customerCode: 'ENT-A', entOrderNo: 'A2', busiOrderNo: 'BO-C' }),
      log('pod', { customerCode: 'ENT-B', entOrderNo: 'B2', inboundOrderNo: 'IN-C' }),
    ]);
    // Released through BO-C as soon as ENT-A claimed it; IN-C is ambiguous once ENT-B claims it.
    expect(summary(pendingFirst.released)).toEqual([
      'pod:own:document',
      'tally:ENT-A:order',
      'pod:own:document',
    ]);
    expect(pendingFirst.state.keys.get('inboundOrderNo=IN-C')).toBeNull();
  });

  it('arrival order matters only for a document linked to two enterprises: the first claim wins unless both came before it', () => {
    const log = documentLog();
    const a = log('pod', { customerCode: 'ENT-A', entOrderNo: 'A1', busiOrderNo: 'BO-A' });
    const b = log('pod', { customerCode: 'ENT-B', entOrderNo: 'B1', inboundOrderNo: 'IN-B' });
    const d = log('tally', { orderNo: 'T1', busiOrderNo: 'BO-A', inboundOrderNo: 'IN-B' });
    const outcome = (order: DocumentEvent[]) => {
      const { state, released } = given(order);
      const tally = released.find((e) => e.type === 'tally');
      return { tally: tally?.attribution?.enterprise ?? 'pending', pending: state.pending.size };
    };
    expect(outcome([a, b, d])).toEqual({ tally: 'pending', pending: 1 });
    expect(outcome([b, a, d])).toEqual({ tally: 'pending', pending: 1 });
    expect(outcome([a, d, b])).toEqual({ tally: 'ENT-A', pending: 0 });
    expect(outcome([d, a, b])).toEqual({ tally: 'ENT-A', pending: 0 });
    expect(outcome([b, d, a])).toEqual({ tally: 'ENT-B', pending: 0 });
    expect(outcome([d, b, a])).toEqual({ tally: 'ENT-B', pending: 0 });
  });

  it('a chain of pending documents longer than any bound is released whole by the document that resolves its end', () => {
    const log = documentLog();
    const chain = linkedTallies(log, 20);
    const waiting = given([...chain].reverse());
    expect(waiting.state.pending.size).toBe(20);
    const { state, released } = given(
      [log('pod', { customerCode: ENT, entOrderNo: 'P', busiOrderNo: 'B0' })],
      waiting.state,
    );
    expect(released).toHaveLength(21);
    expect(state.pending.size).toBe(0);
  });

  it('keeps a redelivered pending record once, and keeps a document with no order key for operators', () => {
    const log = documentLog();
    const orphan = log('internalTransport', { entOrderNo: 'IT1' });
    const { state } = given([orphan, orphan]);
    expect(state.pending.size).toBe(1);
    expect([...state.pending.values()][0]!.keys).toEqual([]);
  });
});

describe('attribution within the submitting account’s grants', () => {
  const A = 'ENT-A';
  const B = 'ENT-B';

  it('never attributes through an order number to an enterprise the account was not granted', () => {
    const log = documentLog();
    // Given A's inbound order, when a partner granted only B reuses its number without naming an
    // enterprise, then the document stays pending and nothing of it reaches A.
    const { state, released } = given([
      log('purchase', { customerCode: A, entOrderNo: 'PO1', wmsOrderNo: 'IN-1' }),
      log('inbound', { entOrderNo: 'IN-1', warehouseId: 'W1' }, { grants: [B, 'ENT-C'] }),
    ]);
    expect(summary(released)).toEqual(['purchase:own:document']);
    expect(state.pending.size).toBe(1);
  });

  it('treats a record carrying no grants as granted nothing', () => {
    const log = documentLog();
    const { state, released } = given([
      log('purchase', { customerCode: A, entOrderNo: 'PO1', wmsOrderNo: 'IN-1' }),
      log('inbound', { entOrderNo: 'IN-1' }, { grants: null }),
    ]);
    expect(summary(released)).toEqual(['purchase:own:document']);
    expect(state.pending.size).toBe(1);
  });

  it('does not release a pending document to an enterprise outside its grants, and still teaches nothing from it', () => {
    const log = documentLog();
    const planted = log('tally', { orderNo: 'T1', inboundOrderNo: 'IN-1' }, { grants: [B, 'ENT-C'] });
    const { state, released } = given([
      planted,
      log('purchase', { customerCode: A, entOrderNo: 'PO1', wmsOrderNo: 'IN-1' }),
    ]);
    expect(summary(released)).toEqual(['purchase:own:document']);
    expect([...state.pending.values()].map((entry) => entry.event)).toEqual([planted]);
  });

  it('attributes through an order within the grants, and to the single granted enterprise directly', () => {
    const log = documentLog();
    const { released } = given([
      log('purchase', { customerCode: A, entOrderNo: 'PO1', wmsOrderNo: 'IN-1' }),
      log('tally', { orderNo: 'T1', inboundOrderNo: 'IN-1' }, { grants: [A, B] }),
      log('tally', { orderNo: 'T2', inboundOrderNo: 'IN-9' }, { grants: [B] }),
    ]);
    expect(summary(released)).toEqual(['purchase:own:document', `tally:${A}:order`, `tally:${B}:partner`]);
  });
});

describe('order keys', () => {
  it.each([
    ['inbound', { entOrderNo: 'IN-1', busiOrderNo: 'BO1' }, ['busiOrderNo=BO1', 'inboundOrderNo=IN-1']],
    ['outbound', { entOrderNo: 'OUT-1' }, ['outboundOrderNo=OUT-1']],
    [
      'purchase',
      { entOrderNo: 'PO1', wmsOrderNo: 'W1' },
      ['inboundOrderNo=W1', 'poOrderNo=PO1', 'wmsOrderNo=W1'],
    ],
    ['saleOrderToB', { entOrderNo: 'SB1', wmsOrderNo: 'W2' }, ['outboundOrderNo=W2', 'wmsOrderNo=W2']],
    ['tally', { orderNo: 'T1', inboundOrderNo: 'IN-1' }, ['inboundOrderNo=IN-1']],
    ['pod', { entOrderNo: 'POD1' }, []],
  ] as const)('%s %j → %j', (type, document, keys) => {
    expect(orderKeysOf({ type, document } as Pick<DocumentEvent, 'type' | 'document'>)).toEqual(keys);
  });
});
