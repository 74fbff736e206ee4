import { enterpriseOf } from './enterpriseKey.ts';
import type { DocumentEvent } from './event.ts';
import { compareLogOrder } from './logOrder.ts';

/**
 * A view as it stood at a past moment (query-api/README.md "As of a moment") is a projection's
 * own reducer folded, from an empty state, over the records received by then. This module and
 * each projection's `asOf.ts`, with decode.ts, are what query-api may import of the processors
 * (biome.json): the rules stay in one place.
 */
export interface RecordAsOf {
  event: DocumentEvent;
  /**
   * The enterprise the document index attributed the record to. A document naming none was
   * attributed by the attribution shell (through its partner's grants or an order); the index
   * keeps its verdict, which is used here instead of running attribution again.
   */
  enterprise: string;
}

/** The records as the reducers see them once attributed (attributedProjection does the same), in log order. */
export function eventsInLogOrder(records: readonly RecordAsOf[]): DocumentEvent[] {
  return [...records]
    .sort((a, b) => compareLogOrder(a.event.provenance, b.event.provenance))
    .map(({ event, enterprise }) =>
      event.attribution || enterpriseOf(event.type, event.document) !== undefined
        ? event
        : { ...event, attribution: { enterprise, via: 'order' as const } },
    );
}
