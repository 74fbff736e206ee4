import {
  findChainSizes,
  findKeyChains,
  findNodes,
  insertKeyChains,
  mergeChains,
  type NodeRow,
  upsertChainSize,
  upsertNode,
} from '@tradelog/projections/link-node/tables';
import type { Projection } from '../runtime/projection.ts';
import { keyId, type LinkNode, lookupOf, reduceLinkNode } from './reducer.ts';

const toNode = (row: NodeRow): LinkNode => ({
  ...row,
  type: row.type as LinkNode['type'],
  block: row.block as LinkNode['block'],
  provenance: row.provenance as unknown as LinkNode['provenance'],
});

export const linkNodeProjection: Projection = {
  name: 'link-node',
  async apply(db, schema, event) {
    const lookup = lookupOf(event);
    if (lookup.nodeIds.length === 0) return [];
    const [own, holders] = await Promise.all([
      findNodes(db, schema, lookup.nodeIds),
      findKeyChains(db, schema, lookup.keys),
    ]);
    const keyChains = new Map<string, Set<string>>();
    for (const holder of holders) {
      const id = keyId(holder.enterprise, holder);
      keyChains.set(id, new Set([...(keyChains.get(id) ?? []), holder.chainId]));
    }
    const chainIds = [
      ...new Set([...own.map((row) => row.chainId), ...holders.map((holder) => holder.chainId)]),
    ];
    const before = {
      nodes: new Map(own.map((row) => [row.nodeId, toNode(row)])),
      keyChains,
      chainSizes: chainIds.length ? await findChainSizes(db, schema, chainIds) : new Map<string, number>(),
    };
    const { state, changes } = reduceLinkNode(before, event);
    if (state === before) return changes;
    for (const change of changes) {
      const absorbed = change.data.absorbed as string[] | undefined;
      if (change.kind === 'chain.merged' && absorbed) await mergeChains(db, schema, change.subject, absorbed);
    }
    const enterpriseOf = new Map(changes.map((change) => [change.subject, change.enterprise]));
    for (const [chainId, size] of state.chainSizes) {
      if (before.chainSizes.get(chainId) !== size)
        await upsertChainSize(db, schema, { chainId, enterprise: enterpriseOf.get(chainId) ?? '', size });
    }
    for (const [nodeId, node] of state.nodes) {
      const old = before.nodes.get(nodeId);
      if (old === node) continue;
      await upsertNode(db, schema, {
        ...node,
        fields: { ...node.fields },
        provenance: { ...node.provenance },
      });
      await insertKeyChains(db, schema, node);
    }
    return changes;
  },
};
