import { eventsInLogOrder, type RecordAsOf } from '../documents/asOf.ts';
import { emptyLinkNodeState, keyId, type LinkNode, type LinkNodeState, reduceLinkNode } from './reducer.ts';

/**
 * A chain as it stood at a past moment (query-api/README.md "As of a moment"): the projection's
 * own reducer folded, from an empty state, over the records the chain holds today that were
 * received by then (documents/asOf.ts). Chains only grow (reducer.ts: links are never
 * withdrawn), so the chain a document belonged to at any moment is a part of the chain it
 * belongs to now: folding today's chain's earlier records gives exactly the chains they made then.
 */
export type { RecordAsOf };

/** The state the projection held after exactly these records. */
export function linkNodeStateOf(records: readonly RecordAsOf[]): LinkNodeState {
  let state = emptyLinkNodeState();
  for (const event of eventsInLogOrder(records)) state = reduceLinkNode(state, event).state;
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
