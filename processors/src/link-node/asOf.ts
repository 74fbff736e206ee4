import { enterpriseOf } from '../documents/enterprise.ts';
import type { DocumentEvent } from '../documents/event.ts';
import { compareLogOrder } from '../documents/logOrder.ts';
import { emptyLinkNodeState, keyId, type LinkNode, type LinkNodeState, reduceLinkNode } from './reducer.ts';

/**
 * A chain as it stood at a past moment (query-api/README.md "As of a moment"): the projection's
 * own reducer folded, from an empty state, over the records the chain holds today that were
 * received by then. Pure; query-api's shell finds the records (document index), reads them from
 * the log and decodes them. This module, with documents/decode.ts, is what query-api may import
 * of the processors (biome.json): the rules stay in one place.
 *
 * Chains only grow (reducer.ts: links are never withdrawn), so the chain a document belonged to
 * at any moment is a part of the chain it belongs to now: folding today's chain's earlier
 * records gives exactly the chains they made then.
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

/** The record as the link-node reducer sees it once attributed (attributedProjection does the same). */
function attributed({ event, enterprise }: RecordAsOf): DocumentEvent {
  if (event.attribution || enterpriseOf(event.type, event.document) !== undefined) return event;
  return { ...event, attribution: { enterprise, via: 'order' } };
}

/** The state the projection held after exactly these records, folded in log order. */
export function linkNodeStateOf(records: readonly RecordAsOf[]): LinkNodeState {
  const ordered = [...records].sort((a, b) => compareLogOrder(a.event.provenance, b.event.provenance));
  let state = emptyLinkNodeState();
  for (const record of ordered) state = reduceLinkNode(state, attributed(record)).state;
  return state;
}

/**
 * The nodes of the chain holding the key (any of its classes: the smallest chain id, as
 * projections' findChainByKey picks), in the read's order (block, received-at, node id); empty
 * when no record folded holds it.
 */
export function linkNodeChainAsOf(
  records: readonly RecordAsOf[],
  key: { enterprise: string; classes: readonly string[]; value: string },
): LinkNode[] {
  const state = linkNodeStateOf(records);
  const holding = key.classes
    .flatMap((cls) => [...(state.keyChains.get(keyId(key.enterprise, { cls, value: key.value })) ?? [])])
    .sort();
  const chainId = holding[0];
  if (chainId === undefined) return [];
  return [...state.nodes.values()]
    .filter((node) => node.chainId === chainId)
    .sort(
      (a, b) =>
        compareText(a.block, b.block) ||
        compareText(a.provenance.receivedAt, b.provenance.receivedAt) ||
        compareText(a.nodeId, b.nodeId),
    );
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
