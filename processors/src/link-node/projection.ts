import {
  findChainSlice,
  insertNodeKeys,
  type NodeRow,
  upsertNode,
} from '@tradelog/projections/link-node/tables';
import type { Projection } from '../runtime/projection.ts';
import { type LinkNode, lookupOf, reduceLinkNode } from './reducer.ts';

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
    const rows = await findChainSlice(db, schema, lookup);
    const before = new Map(rows.map((row) => [row.nodeId, toNode(row)]));
    const { state, changes } = reduceLinkNode(before, event);
    for (const [nodeId, node] of state) {
      const old = before.get(nodeId);
      if (old === node) continue;
      await upsertNode(db, schema, {
        ...node,
        fields: { ...node.fields },
        provenance: { ...node.provenance },
      });
      if (old === undefined || old.keys.length !== node.keys.length) await insertNodeKeys(db, schema, node);
    }
    return changes;
  },
};
