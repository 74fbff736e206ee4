import type { ProjectionDeclaration, ProjectionName, Queryable } from '@tradelog/projections';
import type { Logger } from '@tradelog/schemas';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import type { RegistryCodec } from '@tradelog/schemas/kit/log/codec';
import type { KafkaSecurity } from '@tradelog/schemas/kit/log/kafkaSecurity';
import type pg from 'pg';
import type { ChangeEvent, Reduction } from '../changes.ts';
import { type DocumentEvent, type DocumentTypeId, logPosition } from '../documents/event.ts';
import type { BatchLocks } from './lockScopes.ts';

/**
 * A projection as the consumer runtime drives it: the thin shell around a pure reducer, bound to
 * its declaration (projections/src/catalogue.ts). The runtime hands it a whole fetched batch of
 * decoded events, in log order, on the batch's transaction (ARCHITECTURE "Batches, not
 * records"): the shell loads the state every event needs with one query per table
 * (`= ANY($1)`), folds the pure reducer in memory, writes every changed row with one set-based
 * statement per table in key order, and returns the change events.
 *
 * `lockScopesOf` names what an event writes (an enterprise, a tracked item …). Before loading,
 * the runtime takes a transaction-level advisory lock per scope of the batch, in one global
 * order, so that two instances whose batches write the same rows wait for each other instead
 * of deadlocking (processors/README.md, "Scale-out"). A shell that learns further scopes only
 * once it has loaded (the attribution shell) ensures them with `locks` (./lockScopes.ts), which
 * the live runtime passes.
 */
export interface Projection {
  declaration: ProjectionDeclaration<ProjectionName>;
  lockScopesOf(event: DocumentEvent): readonly string[];
  applyBatch(
    db: Queryable,
    schema: string,
    events: readonly DocumentEvent[],
    locks?: BatchLocks,
  ): Promise<AppliedBatch>;
}

/**
 * What a batch did: its change events, and the log positions (documents/event.ts logPosition)
 * of the events its reducer found superseded (`Reduction.superseded`), which the runtime needs
 * to resolve an operator's retry of a dead letter (./checkpointedConsumer.ts).
 */
export interface AppliedBatch {
  changes: ChangeEvent[];
  superseded: readonly string[];
}

export const nothingApplied = (): AppliedBatch => ({ changes: [], superseded: [] });

/** Collects a batch's change events and superseded events, step by step. */
export function batchResult() {
  const result = { changes: [] as ChangeEvent[], superseded: [] as string[] };
  return {
    result: result as AppliedBatch,
    add(event: DocumentEvent, reduction: Pick<Reduction<unknown>, 'changes' | 'superseded'>) {
      result.changes.push(...reduction.changes);
      if (reduction.superseded) result.superseded.push(logPosition(event.provenance));
    },
  };
}

/**
 * Waits for statements a shell sent on its batch's transaction without awaiting each (so that the
 * process prepares the next while Postgres runs one), and throws the first that failed: the cause
 * (those after it fail because the transaction has). Nothing is left unawaited.
 */
export async function settledInOrder(sent: readonly Promise<unknown>[]): Promise<void> {
  for (const written of await Promise.allSettled(sent))
    if (written.status === 'rejected') throw written.reason;
}

/** The state of a keyed projection: rows by key; a reducer returns the same map when nothing changed. */
export type KeyedState<S> = ReadonlyMap<string, S>;

export interface KeyedProjectionSpec<S> {
  declaration: ProjectionDeclaration<ProjectionName>;
  /** Every state key an event reads or writes: the reducer sees only these rows. */
  keysOf(event: DocumentEvent): readonly string[];
  /** Lock scopes (see Projection); the state keys by default. */
  lockScopesOf?(event: DocumentEvent): readonly string[];
  /** Loads the rows of the given keys with one statement per table; absent keys are left out. */
  load(db: Queryable, schema: string, keys: readonly string[]): Promise<KeyedState<S>>;
  /** The pure reducer: `(state, event) → state + changes`, the same state object when nothing changed. */
  reduce(state: KeyedState<S>, event: DocumentEvent): Reduction<KeyedState<S>>;
  /** Writes the changed rows (sorted by key) with one set-based statement per table. */
  save(db: Queryable, schema: string, rows: readonly (readonly [string, S])[]): Promise<void>;
}

/**
 * Folds a batch through a pure keyed reducer. Each step hands the reducer only the rows its
 * event names (`keysOf`), so a step costs what the event touches, not what the batch holds;
 * what it returns is merged into the batch's working rows. Returns what changed against the
 * loaded rows, in key order, the change events and the superseded events.
 */
export function foldKeyed<S>(
  loaded: KeyedState<S>,
  events: readonly DocumentEvent[],
  keysOfEach: readonly (readonly string[])[],
  reduce: KeyedProjectionSpec<S>['reduce'],
): { changed: [string, S][] } & AppliedBatch {
  const working = new Map(loaded);
  const applied = batchResult();
  for (const [index, event] of events.entries()) {
    const slice = new Map<string, S>();
    for (const key of keysOfEach[index] ?? []) {
      const row = working.get(key);
      if (row !== undefined) slice.set(key, row);
    }
    const reduction = reduce(slice, event);
    applied.add(event, reduction);
    if (reduction.state === slice) continue;
    for (const key of slice.keys()) if (!reduction.state.has(key)) working.delete(key);
    for (const [key, row] of reduction.state) working.set(key, row);
  }
  const changed = [...working].filter(([key, row]) => loaded.get(key) !== row);
  changed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { changed, ...applied.result };
}

/** A projection whose state is a map of rows by key (order status, tracked items, vessels …). */
export function keyedProjection<S>(spec: KeyedProjectionSpec<S>): Projection {
  return {
    declaration: spec.declaration,
    lockScopesOf: spec.lockScopesOf ?? spec.keysOf,
    async applyBatch(db, schema, events) {
      const keysOfEach = events.map((event) => spec.keysOf(event));
      const keys = [...new Set(keysOfEach.flat())].sort();
      if (keys.length === 0) return nothingApplied();
      const loaded = await spec.load(db, schema, keys);
      const { changed, ...applied } = foldKeyed(loaded, events, keysOfEach, spec.reduce);
      if (changed.length > 0) await spec.save(db, schema, changed);
      return applied;
    },
  };
}

/** The topic of each document type: the catalogue's, or a test's own. */
export type TopicOf = (type: DocumentTypeId) => string;

/** What running a projection from the log needs: the live supervisor's and a rebuild's common options. */
export interface ProjectionRunOptions {
  brokers: string[];
  /** TLS and SASL (schemas/src/kit/log/kafkaSecurity.ts); plaintext when absent. */
  security?: KafkaSecurity;
  /**
   * Before each consumer subscribes, the topics made to exist as start-up does (provisioning.ts
   * `ownTopicsEnsurer`): a log replaced under the running processors lacks them.
   */
  topicsReady?: () => Promise<void>;
  pool: pg.Pool;
  codec: Pick<RegistryCodec, 'decode'>;
  projection: Projection;
  /** Where each document type's records are (the catalogue's topics outside tests). */
  topicOf?: TopicOf;
  namespace: string;
  logger: Logger;
}

export const catalogueTopicOf: TopicOf = (type) => {
  const found = documentTypes.find((candidate) => candidate.id === type);
  if (!found) throw new Error(`unknown document type ${type}`);
  return found.topic;
};

/** The topics a projection reads, from its declaration. */
export const topicsRead = (projection: Projection, topicOf: TopicOf = catalogueTopicOf): string[] =>
  projection.declaration.reads.map(topicOf);
