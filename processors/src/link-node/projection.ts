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
import { attributedProjection } from '../documents/attributedProjection.ts';
import { enterpriseOfEvent } from '../documents/enterpriseKey.ts';
import type { DocumentEvent } from '../documents/event.ts';
import {
  type AppliedBatch,
  batchResult,
  nothingApplied,
  type Projection,
  settledInOrder,
} from '../runtime/projection.ts';
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
  // One client runs one statement at a time: sequential is what it would do anyway.
  const own = await findNodes(db, schema, nodeIds);
  const holders = await findKeyChains(db, schema, keys);
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

/**
 * The batch's working chains. Each step hands the reducer only its event's slice (its nodes,
 * the chains holding its keys, their sizes), so a step costs what the event touches. A merge is
 * remembered as an alias (absorbed → survivor) instead of relabelling every row held: ids are
 * resolved when a slice is cut and when rows are written.
 */
function workingChains(before: LinkNodeState) {
  const nodes = new Map(before.nodes);
  const keyChains = new Map(before.keyChains);
  const chainSizes = new Map(before.chainSizes);
  const alias = new Map<string, string>();
  const resolve = (chain: string): string => {
    let current = chain;
    while (alias.has(current)) current = alias.get(current)!;
    return current;
  };
  return {
    nodes,
    chainSizes,
    resolve,
    slice(lookup: ReturnType<typeof lookupOf>): LinkNodeState {
      const slice = { nodes: new Map(), keyChains: new Map(), chainSizes: new Map() } as {
        nodes: Map<string, LinkNode>;
        keyChains: Map<string, ReadonlySet<string>>;
        chainSizes: Map<string, number>;
      };
      const chains = new Set<string>();
      for (const nodeId of lookup.nodeIds) {
        const node = nodes.get(nodeId);
        if (!node) continue;
        const chainId = resolve(node.chainId);
        slice.nodes.set(nodeId, chainId === node.chainId ? node : { ...node, chainId });
        chains.add(chainId);
      }
      for (const key of lookup.keys) {
        const id = keyId(key.enterprise, key);
        const held = keyChains.get(id);
        if (!held) continue;
        // The set itself while none of its chains was absorbed (the usual case): the reducer
        // never changes a set it is given, and `absorb` then sees the holding unchanged.
        let resolved = held;
        for (const chain of held)
          if (alias.has(chain)) {
            resolved = new Set([...held].map(resolve));
            break;
          }
        slice.keyChains.set(id, resolved);
        for (const chain of resolved) chains.add(chain);
      }
      for (const chain of chains) {
        const size = chainSizes.get(chain);
        if (size !== undefined) slice.chainSizes.set(chain, size);
      }
      return slice;
    },
    absorb(slice: LinkNodeState, after: LinkNodeState, changes: readonly ChangeEvent[]) {
      for (const change of changes) {
        const absorbed =
          change.kind === 'chain.merged' ? (change.data.absorbed as string[] | undefined) : undefined;
        for (const chain of absorbed ?? []) {
          alias.set(chain, change.subject);
          chainSizes.delete(chain);
        }
      }
      for (const [id, node] of after.nodes) if (slice.nodes.get(id) !== node) nodes.set(id, node);
      for (const [id, chains] of after.keyChains)
        if (slice.keyChains.get(id) !== chains) keyChains.set(id, chains);
      for (const [chain, size] of after.chainSizes) chainSizes.set(chain, size);
    },
  };
}

/**
 * A batch's chains folded in memory, and the statements that store them. `write` sends what is
 * left to send on the batch's client and waits for every statement sent; a shell with reads of
 * other tables to make (collateral) makes them before calling it and folds its own rules while
 * Postgres writes the chains.
 */
export interface FoldedChains extends AppliedBatch {
  write(): Promise<void>;
}

/**
 * Link-node's own shell writes a batch's chains as it folds them, in parts of this many
 * documents: Postgres writes one part while the process folds the next, instead of the two taking
 * turns (a batch of a whole fetch is about 3 600 records). The fold yields every `stepsPerTurn`
 * documents so that the client can send its next statement (node-postgres sends one at a time,
 * when the event loop turns). Writing a batch in parts stores what writing it whole stores: each
 * part is what a batch of its own would write (merges relabel rows an earlier part wrote).
 */
const documentsPerPart = 1024;
const stepsPerTurn = 128;

/**
 * Loads the batch's slice of chains and folds link-node's reducer over its events, in log order.
 * `writeWhileFolding`: parts are sent as they are folded (`documentsPerPart`); otherwise nothing
 * is sent before `write`.
 */
export async function foldChains(
  db: Parameters<Projection['applyBatch']>[0],
  schema: string,
  events: readonly DocumentEvent[],
  options: { writeWhileFolding?: boolean } = {},
): Promise<FoldedChains> {
  const lookups = events.map(lookupOf);
  const relevant = lookups.filter((lookup) => lookup.nodeIds.length > 0);
  if (relevant.length === 0) return { ...nothingApplied(), write: async () => {} };
  const before = await loadSlice(db, schema, relevant);
  const working = workingChains(before);
  const written = writtenChains(before);
  const applied = batchResult();
  const sent: Promise<void>[] = [];
  let partFrom = 0;
  const sendPart = () => {
    const { changes } = applied.result;
    const part = changes.slice(partFrom);
    partFrom = changes.length;
    if (part.length === 0) return;
    // The rows now (the fold goes on changing the working chains); the statements once the
    // previous part's are all sent and done, so that a merge never relabels before the rows it
    // relabels are written.
    const rows = written.rowsOf(working, part);
    const statements = (sent.at(-1) ?? Promise.resolve()).then(() => writeChains(db, schema, rows));
    // Awaited with the others (`settledInOrder`); marked handled now, as the fold goes on meanwhile.
    statements.catch(() => {});
    sent.push(statements);
  };
  try {
    let folded = 0;
    for (const [index, event] of events.entries()) {
      const lookup = lookups[index]!;
      if (lookup.nodeIds.length === 0) continue;
      if (options.writeWhileFolding && ++folded % stepsPerTurn === 0) {
        if (folded % documentsPerPart === 0) sendPart();
        await new Promise(setImmediate);
      }
      const slice = working.slice(lookup);
      const reduction = reduceLinkNode(slice, event);
      applied.add(event, reduction);
      if (reduction.state !== slice) working.absorb(slice, reduction.state, reduction.changes);
    }
  } catch (error) {
    await Promise.allSettled(sent);
    throw error;
  }
  return {
    ...applied.result,
    write: async () => {
      sendPart();
      await settledInOrder(sent);
    },
  };
}

/** A part's rows, computed when the part is sent (the fold goes on changing the working chains). */
interface ChainRows {
  merges: { absorbed: string; into: string }[];
  sizes: { chainId: string; enterprise: string; size: number }[];
  keys: Pick<NodeRow, 'chainId' | 'enterprise' | 'keys'>[];
  nodes: NodeRow[];
}

/**
 * What the table holds of a batch's chains: what was loaded, then each part sent. A part writes
 * what changed since (by identity: the reducer returns a new object for what it changes).
 */
function writtenChains(before: LinkNodeState) {
  const nodes = new Map(before.nodes);
  const sizes = new Map(before.chainSizes);
  return {
    rowsOf(working: ReturnType<typeof workingChains>, changes: readonly ChangeEvent[]): ChainRows {
      const enterpriseOfChain = new Map(changes.map((change) => [change.subject, change.enterprise]));
      const changedSizes = [...working.chainSizes]
        .filter(([chainId, size]) => sizes.get(chainId) !== size)
        .sort(([a], [b]) => byId(a, b));
      for (const [chainId, size] of changedSizes) sizes.set(chainId, size);
      const changedNodes = [...working.nodes.values()]
        .filter((node) => nodes.get(node.nodeId) !== node)
        .sort((a, b) => byId(a.nodeId, b.nodeId));
      for (const node of changedNodes) nodes.set(node.nodeId, node);
      const rows = changedNodes.map((node): NodeRow => ({ ...node, chainId: working.resolve(node.chainId) }));
      return {
        merges: finalMerges(changes),
        sizes: changedSizes.map(([chainId, size]) => ({
          chainId,
          enterprise: enterpriseOfChain.get(chainId) ?? '',
          size,
        })),
        // Only the holdings the table lacks: a key the loaded slice already saw in the node's
        // final chain has its row (a merge's relabelling is applyChainMerges' work). One an
        // earlier part wrote is sent again (a key many documents share, once a part) and
        // skipped by Postgres: cheaper than remembering every holding written.
        keys: rows.map((node) => ({
          ...node,
          keys: node.keys.filter(
            (key) => !before.keyChains.get(keyId(node.enterprise, key))?.has(node.chainId),
          ),
        })),
        nodes: rows,
      };
    },
  };
}

/**
 * Stores a part's rows: merges, chain sizes, key holdings and nodes, in that order. The key
 * holdings are sent, not awaited, before the nodes: Postgres writes them while the nodes'
 * documents are serialised (upsertNodes pipelines its chunks the same way); the client runs its
 * statements in the order sent.
 */
async function writeChains(
  db: Parameters<Projection['applyBatch']>[0],
  schema: string,
  rows: ChainRows,
): Promise<void> {
  await applyChainMerges(db, schema, rows.merges);
  await upsertChainSizes(db, schema, rows.sizes);
  const keysWritten = insertKeyChains(db, schema, rows.keys);
  const nodesWritten = upsertNodes(db, schema, rows.nodes);
  await settledInOrder([keysWritten, nodesWritten]);
}

/**
 * Link-node chains without attribution: the collateral projection runs it in its own schema, under
 * its own attribution shell (collateral/projection.ts), so both share one set of linking rules.
 */
export const linkNodeChains: Projection = {
  declaration: linkNodeDeclaration,
  // Chains never cross enterprises: one enterprise's chains are written by one batch at a time.
  lockScopesOf: (event) => {
    const enterprise = enterpriseOfEvent(event);
    return enterprise === undefined ? [] : [`enterprise:${enterprise}`];
  },
  async applyBatch(db, schema, events) {
    const { write, ...applied } = await foldChains(db, schema, events, { writeWhileFolding: true });
    await write();
    return applied;
  },
};

/** Documents reach it attributed: directly, through the partner or an order, late ones when resolved. */
export const linkNodeProjection = attributedProjection(linkNodeChains);
