import type { Pairing } from '@tradelog/projections/collateral/tables';
import { type ChangeEvent, changeEvent } from '../changes.ts';
import type { DocumentEvent } from '../documents/event.ts';
import type { Financing } from './state.ts';

/**
 * Rule 4: one event per enterprise involved, each naming only what that enterprise's lenders may
 * read. The subject names the caller's own financing and the piece, so it is distinct per event
 * of one record (a count is added when one record pairs a financing twice on one piece with
 * other enterprises' financings): event ids derive from it.
 */
export function reusedEvents(
  pairing: Pairing,
  a: Financing,
  b: Financing,
  event: DocumentEvent,
  subjects: Map<string, number>,
): ChangeEvent[] {
  const collateral = { kind: pairing.kind, number: pairing.number, warehouse: pairing.warehouse };
  const piecePath = `${pairing.kind}/${pairing.warehouse === null ? '' : `${pairing.warehouse}/`}${pairing.number}`;
  const sameEnterprise = a.enterprise === b.enterprise;
  const sides: [Financing, Financing][] = sameEnterprise
    ? [[a, b]]
    : [
        [a, b],
        [b, a],
      ];
  return sides.map(([mine, other]) => {
    const base = sameEnterprise
      ? `financing/${mine.financingNo}/${piecePath}/with/${other.financingNo}`
      : `financing/${mine.financingNo}/${piecePath}/other-enterprise`;
    const seen = (subjects.get(`${mine.enterprise}\u0000${base}`) ?? 0) + 1;
    subjects.set(`${mine.enterprise}\u0000${base}`, seen);
    return changeEvent(
      'collateral',
      'collateral.reused',
      mine.enterprise,
      seen === 1 ? base : `${base}/${seen}`,
      event.provenance,
      {
        collateral,
        financingOrderNo: mine.financingNo,
        otherFinancingOrderNo: sameEnterprise ? other.financingNo : null,
        otherEnterprise: !sameEnterprise,
      },
    );
  });
}
