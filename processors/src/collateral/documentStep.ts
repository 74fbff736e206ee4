import type { CollateralProvenance } from '@tradelog/projections/collateral/tables';
import { type DocumentEvent, logPosition } from '../documents/event.ts';
import { olderThan } from '../documents/logOrder.ts';
import type { Holdings } from './holdings.ts';
import { layersOver, type PledgeLayers, type PledgeOrder, type PledgeState } from './pledgeState.ts';
import { pledgeOrderOf, provenanceOf, stockReportOf } from './warehouseDocuments.ts';

/**
 * One document's step of the release and coverage rules (pledges.ts `reducePledges`): what each of
 * its named parts reads. `state` is what the step starts from, never changed; `layer` is what the
 * step sees after what it set so far, and keeps what it sets.
 */
export interface DocumentStep {
  state: PledgeState;
  layer: PledgeLayers;
  event: DocumentEvent;
  provenance: CollateralProvenance;
  /** What the collateral rules hold after the document. */
  holdings: Holdings;
  /** The warehouse order the document is, if it is one. */
  order: PledgeOrder | undefined;
  /** The version of that order the state keeps, if any. */
  current: PledgeOrder | undefined;
  /**
   * Whether that order replaces the one kept: not the same record again, not older than it
   * (a redelivery or an older version changes no stock and causes no release).
   */
  takes: boolean;
  /** The stock report the document is, if it is one. */
  report: ReturnType<typeof stockReportOf>;
}

export function documentStepOf(state: PledgeState, event: DocumentEvent, holdings: Holdings): DocumentStep {
  const order = pledgeOrderOf(event);
  const current = order ? state.orders.get(order.key) : undefined;
  const takes =
    order !== undefined &&
    !(current !== undefined && logPosition(current.provenance) === logPosition(event.provenance)) &&
    !olderThan(event.provenance, current?.provenance);
  return {
    state,
    layer: layersOver(state),
    event,
    provenance: provenanceOf(event),
    holdings,
    order,
    current,
    takes,
    report: stockReportOf(event),
  };
}
