import { canonicalJsonEqual } from '@tradelog/schemas/kit/log/headers';
import { type ChangeEvent, changeEvent, type Reduction } from '../changes.ts';
import {
  type Document,
  type DocumentEvent,
  type DocumentTypeId,
  logPosition,
  type Provenance,
  sha256,
} from '../documents/event.ts';
import { olderThan } from '../documents/logOrder.ts';
import { type Block, type LinkKey, type NodeStatement, nodesOf } from './rules.ts';

/**
 * Link-node chains: union-find over the link keys of one enterprise's documents. Links only
 * ever grow (a resubmission that drops a key keeps its old links), so a chain never splits and
 * the chains do not depend on the order documents arrived in.
 *
 * A node's fields are its latest document's: a document older in log order than the one the
 * node reflects (an operator's retry of an old dead letter) changes nothing, and when it changes
 * none of its nodes for that reason it is superseded (documents/logOrder.ts).
 *
 * A step needs a small slice, whatever the chains' sizes: the incoming document's own nodes,
 * which chains hold each of its keys, and those chains' sizes. A merge relabels the absorbed
 * chains' nodes; the reducer relabels those in its slice and reports the merge in the change
 * event (`chain.merged`, `absorbed`), which the consumer applies to the rest with one UPDATE.
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

export interface LinkNodeState {
  nodes: ReadonlyMap<string, LinkNode>;
  /** For each link key (`keyId`): the chains holding it. */
  keyChains: ReadonlyMap<string, ReadonlySet<string>>;
  /** Node count of each chain. */
  chainSizes: ReadonlyMap<string, number>;
}

export const emptyLinkNodeState = (): LinkNodeState => ({
  nodes: new Map(),
  keyChains: new Map(),
  chainSizes: new Map(),
});

export const keyId = (enterprise: string, key: LinkKey) => `${enterprise}\u0000${key.cls}\u0000${key.value}`;

/** A new chain is named after the node that started it, so a rebuild names it the same. */
export const chainIdFor = (nodeId: string) => `chain-${sha256(nodeId).slice(0, 24)}`;

function unionKeys(a: readonly LinkKey[], b: readonly LinkKey[]): LinkKey[] {
  const all = new Map<string, LinkKey>();
  for (const key of [...a, ...b]) all.set(`${key.cls}\u0000${key.value}`, key);
  return [...all.values()].sort((x, y) =>
    x.cls === y.cls ? x.value.localeCompare(y.value) : x.cls.localeCompare(y.cls),
  );
}

/**
 * The chains a node touches — its own, and each chain holding one of its keys (same enterprise
 * only: the enterprise is part of the key id) — ranked: the biggest survives a merge (fewest rows
 * to relabel); ties go to the smallest id, so the outcome depends only on the chains, not on the
 * order they were found.
 */
function rankedChains(
  enterprise: string,
  existing: LinkNode | undefined,
  keys: readonly LinkKey[],
  state: Pick<LinkNodeState, 'keyChains' | 'chainSizes'>,
): string[] {
  const touching = new Set<string>();
  if (existing !== undefined) touching.add(existing.chainId);
  for (const key of keys)
    for (const chain of state.keyChains.get(keyId(enterprise, key)) ?? []) touching.add(chain);
  const size = (chain: string) => state.chainSizes.get(chain) ?? 0;
  return [...touching].sort((a, b) => size(b) - size(a) || a.localeCompare(b));
}

/** A merge: the absorbed chains' nodes and key holdings move to the surviving chain, and their sizes go. */
function relabelAbsorbed(
  state: {
    nodes: Map<string, LinkNode>;
    keyChains: Map<string, ReadonlySet<string>>;
    chainSizes: Map<string, number>;
  },
  absorbed: readonly string[],
  chainId: string,
): void {
  const gone = new Set(absorbed);
  for (const node of state.nodes.values())
    if (gone.has(node.chainId)) state.nodes.set(node.nodeId, { ...node, chainId });
  for (const [id, chains] of state.keyChains) {
    if ([...chains].some((chain) => gone.has(chain)))
      state.keyChains.set(id, new Set([...chains].map((chain) => (gone.has(chain) ? chainId : chain))));
  }
  for (const chain of absorbed) state.chainSizes.delete(chain);
}

/** What a statement did to its chain: merged others into it, started it, grew it, or updated its node. */
function stepChange(
  statement: NodeStatement,
  chainId: string,
  step: { existing: LinkNode | undefined; ranked: readonly string[]; absorbed: readonly string[] },
  provenance: DocumentEvent['provenance'],
): ChangeEvent {
  const data = {
    chainId,
    nodeId: statement.nodeId,
    type: statement.type,
    businessKey: statement.businessKey,
    block: statement.block,
  };
  if (step.absorbed.length > 0)
    return changeEvent('link-node', 'chain.merged', statement.enterprise, chainId, provenance, {
      ...data,
      absorbed: step.absorbed,
    });
  if (step.existing === undefined) {
    const kind = step.ranked.length === 0 ? 'chain.started' : 'chain.grew';
    return changeEvent('link-node', kind, statement.enterprise, chainId, provenance, data);
  }
  return changeEvent('link-node', 'chain.node-updated', statement.enterprise, chainId, provenance, data);
}

export function reduceLinkNode(state: LinkNodeState, event: DocumentEvent): Reduction<LinkNodeState> {
  const statements = nodesOf(event);
  if (statements.length === 0) return { state, changes: [] };
  const nodes = new Map(state.nodes);
  const keyChains = new Map(state.keyChains);
  const chainSizes = new Map(state.chainSizes);
  const changes: ChangeEvent[] = [];
  const position = logPosition(event.provenance);
  let older = false;

  for (const statement of statements) {
    const existing = nodes.get(statement.nodeId);
    if (existing !== undefined && logPosition(existing.provenance) === position) continue;
    if (olderThan(event.provenance, existing?.provenance)) {
      older = true;
      continue;
    }
    // Compared as canonical JSON: fields loaded from Postgres may come back with their keys in
    // another order.
    const sameContent = existing !== undefined && canonicalJsonEqual(existing.fields, statement.fields);
    const keys = existing === undefined ? statement.keys : unionKeys(existing.keys, statement.keys);
    if (sameContent && keys.length === existing.keys.length) continue;

    const ranked = rankedChains(statement.enterprise, existing, keys, { keyChains, chainSizes });
    const chainId = ranked[0] ?? chainIdFor(statement.nodeId);
    const absorbed = ranked.slice(1);
    const mergedSize =
      ranked.reduce((sum, chain) => sum + (chainSizes.get(chain) ?? 0), 0) + (existing === undefined ? 1 : 0);
    if (absorbed.length > 0) relabelAbsorbed({ nodes, keyChains, chainSizes }, absorbed, chainId);
    chainSizes.set(chainId, mergedSize);
    for (const key of keys) {
      const id = keyId(statement.enterprise, key);
      const chains = keyChains.get(id);
      if (!chains?.has(chainId)) keyChains.set(id, new Set([...(chains ?? []), chainId]));
    }
    nodes.set(statement.nodeId, {
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

    changes.push(stepChange(statement, chainId, { existing, ranked, absorbed }, event.provenance));
  }
  if (changes.length === 0) return { state, changes, ...(older ? { superseded: true } : {}) };
  return { state: { nodes, keyChains, chainSizes }, changes };
}

/** What the consumer must load for a step: the document's nodes and its link keys. */
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
