import { type ChangeEvent, changeEvent, type Reduction } from '../changes.ts';
import {
  type Document,
  type DocumentEvent,
  type DocumentTypeId,
  logPosition,
  type Provenance,
  sha256,
} from '../documents/event.ts';
import { type Block, type LinkKey, nodesOf } from './rules.ts';

/**
 * Link-node chains: union-find over the link keys of one enterprise's documents. Links only
 * ever grow (a resubmission that drops a key keeps its old links), so a chain never splits and
 * the answer for a chain is the same whatever order the documents arrived in.
 *
 * The state a reducer step needs is a slice: every node of every chain that shares a key with
 * the incoming document, plus the document's own node. The consumer loads that slice; the
 * reducer never needs more.
 */
export interface LinkNode {
  nodeId: string;
  enterprise: string;
  type: DocumentTypeId;
  businessKey: string;
  block: Block;
  chainId: string;
  keys: readonly LinkKey[];
  fields: Document;
  provenance: Provenance;
  /** How many distinct versions of this business document were seen. */
  versions: number;
}

export type LinkNodeState = ReadonlyMap<string, LinkNode>;

const keyId = (enterprise: string, key: LinkKey) => `${enterprise}\u0000${key.cls}\u0000${key.value}`;

/** A new chain is named after the node that started it, so a rebuild names it the same. */
export const chainIdFor = (nodeId: string) => `chain-${sha256(nodeId).slice(0, 24)}`;

function unionKeys(a: readonly LinkKey[], b: readonly LinkKey[]): LinkKey[] {
  const all = new Map<string, LinkKey>();
  for (const key of [...a, ...b]) all.set(`${key.cls}\u0000${key.value}`, key);
  return [...all.values()].sort((x, y) =>
    x.cls === y.cls ? x.value.localeCompare(y.value) : x.cls.localeCompare(y.cls),
  );
}

export function reduceLinkNode(state: LinkNodeState, event: DocumentEvent): Reduction<LinkNodeState> {
  const statements = nodesOf(event);
  if (statements.length === 0) return { state, changes: [] };
  const next = new Map(state);
  const changes: ChangeEvent[] = [];
  const position = logPosition(event.provenance);

  for (const statement of statements) {
    const existing = next.get(statement.nodeId);
    if (existing !== undefined && logPosition(existing.provenance) === position) continue;
    const contentHash = sha256(JSON.stringify(statement.fields));
    const sameContent = existing !== undefined && sha256(JSON.stringify(existing.fields)) === contentHash;
    const keys = existing === undefined ? statement.keys : unionKeys(existing.keys, statement.keys);
    if (sameContent && keys.length === existing.keys.length) continue;

    // Chains that share a key with this node (same enterprise only: the enterprise is part of the key).
    const wanted = new Set(keys.map((key) => keyId(statement.enterprise, key)));
    const touching = new Set<string>();
    if (existing !== undefined) touching.add(existing.chainId);
    for (const node of next.values()) {
      if (node.enterprise !== statement.enterprise || node.nodeId === statement.nodeId) continue;
      if (node.keys.some((key) => wanted.has(keyId(node.enterprise, key)))) touching.add(node.chainId);
    }

    const members = (chainId: string) => [...next.values()].filter((node) => node.chainId === chainId);
    // The biggest chain survives a merge (fewest rows to relabel); ties go to the smallest id,
    // so the outcome depends only on the chains, not on the order they were loaded.
    const ranked = [...touching].sort((a, b) => members(b).length - members(a).length || a.localeCompare(b));
    const chainId = ranked[0] ?? chainIdFor(statement.nodeId);
    const absorbed = ranked.slice(1);
    for (const loser of absorbed) {
      for (const node of members(loser)) next.set(node.nodeId, { ...node, chainId });
    }

    next.set(statement.nodeId, {
      nodeId: statement.nodeId,
      enterprise: statement.enterprise,
      type: statement.type,
      businessKey: statement.businessKey,
      block: statement.block,
      chainId,
      keys,
      fields: sameContent ? existing.fields : statement.fields,
      provenance: sameContent ? existing.provenance : event.provenance,
      versions: (existing?.versions ?? 0) + (sameContent ? 0 : 1),
    });

    const data = {
      chainId,
      nodeId: statement.nodeId,
      type: statement.type,
      businessKey: statement.businessKey,
      block: statement.block,
    };
    if (absorbed.length > 0) {
      changes.push(
        changeEvent('link-node', 'chain.merged', statement.enterprise, chainId, event.provenance, {
          ...data,
          absorbed,
        }),
      );
    } else if (existing === undefined) {
      const kind = ranked.length === 0 ? 'chain.started' : 'chain.grew';
      changes.push(changeEvent('link-node', kind, statement.enterprise, chainId, event.provenance, data));
    } else {
      changes.push(
        changeEvent('link-node', 'chain.node-updated', statement.enterprise, chainId, event.provenance, data),
      );
    }
  }
  return { state: changes.length === 0 ? state : next, changes };
}

/** The link keys the consumer must look up to load a step's slice. */
export function lookupOf(event: DocumentEvent): {
  nodeIds: string[];
  keys: { enterprise: string; cls: string; value: string }[];
} {
  const statements = nodesOf(event);
  return {
    nodeIds: statements.map((s) => s.nodeId),
    keys: statements.flatMap((s) => s.keys.map((key) => ({ enterprise: s.enterprise, ...key }))),
  };
}
