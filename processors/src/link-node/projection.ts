import { linkNodeDeclaration } from '@tradelog/projections/link-node/declaration';
import {
  applyChainMerges,
  findChainSizes,
  findKeyChains,
  findNodes,
  insertKeyChains,
  type NodeRow,
  upsertChainSizes,
  upsertNodes,
} from '@tradelog/projections/link-node/tables';
import type { ChangeEvent } from '../changes.ts';
import { enterpriseOf } from '../documents/enterprise.ts';
import type { Projection } from '../runtime/projection.ts';
import { keyId, type LinkNode, type LinkNodeState, lookupOf, reduceLinkNode } from './reducer.ts';

const toNode = (row: NodeRow): LinkNode => ({
  ...row,
  type: row.type as LinkNode['type'],
  block: row.block as LinkNode['block'],
  provenance: row.provenance as unknown as LinkNode['provenance'],
});

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Where each chain absorbed in the batch ended up: a merge's survivor may itself be absorbed by
 * a later merge of the same batch, so follow the merges to the chain that holds the nodes now.
 */
export function finalMerges(changes: readonly ChangeEvent[]): { absorbed: string; into: string }[] {
  const into = new Map<string, string>();
  for (const change of changes) {
    const absorbed =
      change.kind === 'chain.merged' ? (change.data.absorbed as string[] | undefined) : undefined;
    for (const chain of absorbed ?? []) into.set(chain, change.subject);
  }
  const resolve = (chain: string): string => {
    let current = chain;
    for (let seen = 0; into.has(current) && seen <= into.size; seen++) current = into.get(current)!;
    return current;
  };
  return [...into.keys()].sort(byId).map((absorbed) => ({ absorbed, into: resolve(absorbed) }));
}

/** Loads the slice of chains every event of the batch touches: its nodes, its keys' chains, their sizes. */
async function loadSlice(
  db: Parameters<Projection['applyBatch']>[0],
  schema: string,
  lookups: ReturnType<typeof lookupOf>[],
): Promise<LinkNodeState> {
  const nodeIds = [...new Set(lookups.flatMap((l) => l.nodeIds))];
  const keys = [...new Map(lookups.flatMap((l) => l.keys).map((k) => [keyId(k.enterprise, k), k])).values()];
  const [own, holders] = await Promise.all([findNodes(db, schema, nodeIds), findKeyChains(db, schema, keys)]);
  const keyChains = new Map<string, Set<string>>();
  for (const holder of holders) {
    const id = keyId(holder.enterprise, holder);
    keyChains.set(id, new Set([...(keyChains.get(id) ?? []), holder.chainId]));
  }
  const chainIds = [...new Set([...own.map((row) => row.chainId), ...holders.map((h) => h.chainId)])];
  return {
    nodes: new Map(own.map((row) => [row.nodeId, toNode(row)])),
    keyChains,
    chainSizes: chainIds.length ? await findChainSizes(db, schema, chainIds) : new Map<string, number>(),
  };
}

export const linkNodeProjection: Projection = {
  declaration: linkNodeDeclaration,
  // Chains never cross enterprises: one enterprise's chains are written by one batch at a time.
  lockScopesOf: (event) => {
    const enterprise = enterpriseOf(event.type, event.document);
    return enterprise === undefined ? [] : [`enterprise:${enterprise}`];
  },
  async applyBatch(db, schema, events) {
    const lookups = events.map(lookupOf).filter((lookup) => lookup.nodeIds.length > 0);
    if (lookups.length === 0) return [];
    const before = await loadSlice(db, schema, lookups);
    let state = before;
    const changes: ChangeEvent[] = [];
    for (const event of events) {
      const reduction = reduceLinkNode(state, event);
      state = reduction.state;
      changes.push(...reduction.changes);
    }
    if (state === before) return changes;

    await applyChainMerges(db, schema, finalMerges(changes));
    const enterpriseOfChain = new Map(changes.map((change) => [change.subject, change.enterprise]));
    await upsertChainSizes(
      db,
      schema,
      [...state.chainSizes]
        .filter(([chainId, size]) => before.chainSizes.get(chainId) !== size)
        .sort(([a], [b]) => byId(a, b))
        .map(([chainId, size]) => ({ chainId, enterprise: enterpriseOfChain.get(chainId) ?? '', size })),
    );
    const changedNodes = [...state.nodes.values()]
      .filter((node) => before.nodes.get(node.nodeId) !== node)
      .sort((a, b) => byId(a.nodeId, b.nodeId))
      .map((node) => ({ ...node, fields: { ...node.fields }, provenance: { ...node.provenance } }));
    await upsertNodes(db, schema, changedNodes);
    await insertKeyChains(db, schema, changedNodes);
    return changes;
  },
};
