import { describe, expect, it } from 'vitest';
import type { RecordAsOf } from '../documents/asOf.ts';
import { type DocumentEvent, untyped } from '../documents/event.ts';
import { documentLog } from '../documents/testing.ts';
import { exposureAsOf, portfolioAsOf } from './asOf.ts';

const log = documentLog();
const placed = (enterprise: string, po: string, financing: string) =>
  log('purchase', {
    customerCode: enterprise,
    entOrderNo: po,
    orderStatus: '10',
    financingOrderNo: financing,
    wmsOrderNo: 'IN1',
  });
const first = placed('ENT1', 'PO1', 'F1');
const inbound = log('inbound', {
  customerCode: 'ENT1',
  entOrderNo: 'IN1',
  inputType: '10',
  warehouseId: 'W1',
});
const second = placed('ENT2', 'PO2', 'F2');
const secondInbound = log('inbound', {
  customerCode: 'ENT2',
  entOrderNo: 'IN1',
  inputType: '10',
  warehouseId: 'W1',
});

const indexed = (...events: DocumentEvent[]): RecordAsOf[] =>
  events.map((event) => ({ event, enterprise: String(untyped(event.document).customerCode) }));

describe('a financing’s exposure as of a moment', () => {
  it('given the records received by then, when folded, then the receipt has the holders it had then', () => {
    const then = exposureAsOf(indexed(first, inbound), { enterprise: 'ENT1', financingNo: 'F1' });
    expect(then?.financing).toMatchObject({ enterprise: 'ENT1', financingNo: 'F1', open: true });
    expect(
      then?.pieces.map((piece) => [piece.kind, piece.warehouse, piece.number, piece.others.length]),
    ).toEqual([['warehouseReceipt', 'W1', 'IN1', 0]]);

    const now = exposureAsOf(indexed(second, secondInbound, inbound, first), {
      enterprise: 'ENT1',
      financingNo: 'F1',
    });
    expect(now?.pieces[0]?.others).toEqual([
      {
        enterprise: 'ENT2',
        financingNo: 'F2',
        // First seen together: the later of the two sightings.
        firstSeen: secondInbound.provenance.receivedAt,
        provenance: expect.objectContaining({ documentId: second.provenance.documentId }),
      },
    ]);
  });

  it('is null for a financing not known by then', () => {
    expect(exposureAsOf(indexed(first, inbound), { enterprise: 'ENT2', financingNo: 'F2' })).toBeNull();
  });

  it('reads the portfolio then: the financings open by enterprise and number, each with its purchases, pieces, latest documents and alert', () => {
    const both = { enterprises: ['ENT1', 'ENT2'], limit: 10 };
    const early = portfolioAsOf(indexed(first, inbound), both);
    expect(early.map((f) => [f.enterprise, f.financingNo, f.alerted])).toEqual([['ENT1', 'F1', false]]);
    expect(early[0]?.purchases).toEqual([
      { purchaseOrderNo: 'PO1', purchaseAmount: null, currency: null, orderStatus: '10', final: false },
    ]);
    expect(early[0]?.pieces.map((piece) => [piece.kind, piece.warehouse, piece.number])).toEqual([
      ['warehouseReceipt', 'W1', 'IN1'],
    ]);
    expect(early[0]?.latestEvents.map((event) => event.documentType)).toEqual(['inbound', 'purchase']);

    // The second enterprise's financing on the same receipt: both alerted; one grant sees its own.
    const later = portfolioAsOf(indexed(first, inbound, second, secondInbound), both);
    expect(later.map((f) => [f.enterprise, f.financingNo, f.alerted])).toEqual([
      ['ENT1', 'F1', true],
      ['ENT2', 'F2', true],
    ]);
    expect(
      portfolioAsOf(indexed(first, inbound, second, secondInbound), { enterprises: ['ENT2'], limit: 10 }),
    ).toHaveLength(1);

    // A received purchase closes its financing: out of the portfolio, and no longer alerting.
    const received = log('purchase', {
      customerCode: 'ENT2',
      entOrderNo: 'PO2',
      orderStatus: '20',
      financingOrderNo: 'F2',
      wmsOrderNo: 'IN1',
    });
    const closed = portfolioAsOf(indexed(first, inbound, second, secondInbound, received), both);
    expect(closed.map((f) => [f.enterprise, f.financingNo, f.alerted])).toEqual([['ENT1', 'F1', false]]);
  });
});
