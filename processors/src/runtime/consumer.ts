import {
  insertOutboxEntries,
  lockProjectionShared,
  type OutboxEntry,
  versionState,
} from '@tradelog/projections';
import type { Logger } from '@tradelog/schemas';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import type { RegistryCodec } from '@tradelog/schemas/kit/log/codec';
import type { KafkaSecurity } from '@tradelog/schemas/kit/log/kafkaSecurity';
import type { LogProducer } from '@tradelog/schemas/kit/log/producer';
import type pg from 'pg';
import type { ChangeEvent } from '../changes.ts';
import { decodeDocumentRecord } from '../documents/decode.ts';
import type { DocumentEvent } from '../documents/event.ts';
import type { BatchHandler } from './batchHandler.ts';
import {
  type CheckpointedConsumer,
  type CheckpointedConsumerOptions,
  createCheckpointedConsumer,
} from './checkpointedConsumer.ts';
import { type BatchLocks, createScopeLocks } from './lockScopes.ts';
import { createOutboxPublisher } from './outboxPublisher.ts';
import type { Projection } from './projection.ts';
import { statementQueue } from './statementQueue.ts';

/**
 * A projection version fed by the one checkpointed consume loop (./checkpointedConsumer.ts): a
 * consumer group per version reading the topics of the projection's declaration, each batch
 * decoded, folded through the projection's batch shell and stored with its checkpoint in one
 * transaction. The live version also takes the projection's shared lock (a rebuild's switch
 * takes it exclusive), checks it is still live, locks the batch's scopes in one global order
 * (instances never deadlock) and writes change events to the outbox, published after commit.
 */
export interface ProjectionConsumerOptions {
  brokers: string[];
  /** TLS and SASL (schemas/src/kit/log/kafkaSecurity.ts); plaintext when absent. */
  security?: KafkaSecurity;
  /** Before each subscription, the topics made to exist as start-up does (provisioning.ts `ownTopicsEnsurer`). */
  topicsReady?: () => Promise<void>;
  pool: pg.Pool;
  codec: Pick<RegistryCodec, 'decode'>;
  projection: Projection;
  version: { schemaName: string; consumerGroup: string };
  /**
   * The live version takes the shared lock, checks it is still live and writes change events;
   * a version being rebuilt does neither (its events were published when the live version
   * applied the same records).
   */
  live: boolean;
  logger: Logger;
  changes?: { producer: LogProducer; topic: string };
  now?: () => Date;
  limitOf?: CheckpointedConsumerOptions<DocumentEvent>['limitOf'];
  mergedRead?: CheckpointedConsumerOptions<DocumentEvent>['mergedRead'];
  maxBytesPerPartition?: CheckpointedConsumerOptions<DocumentEvent>['maxBytesPerPartition'];
  onApplied?: CheckpointedConsumerOptions<DocumentEvent>['onApplied'];
  onRetired?: () => void;
  beforeCommit?: CheckpointedConsumerOptions<DocumentEvent>['beforeCommit'];
  /** How often the outbox is drained besides after commits (1 s by default). */
  outboxPollMs?: number;
  /** How many partitions' batches kafkajs hands over at once, to be applied together (`wholeFetch` by default). */
  concurrency?: number;
  /** Topics to read; the declaration's document types' topics by default. */
  topics: readonly string[];
  membership?: CheckpointedConsumerOptions<DocumentEvent>['membership'];
}

export interface ProjectionConsumer extends CheckpointedConsumer {
  /** Publishes what is left in the outbox (also runs after each batch, at start and on a timer). */
  flushOutbox(): Promise<void>;
}

/**
 * Batches kafkajs hands over at once: every catalogued topic's partitions (180; a projection
 * reads some of them), so a fetch's batches are all decoded in one turn and applied in one
 * transaction, not in waves that each wait for the last to commit (processors README "Group
 * commit"). A worker is a loop awaiting its batch, nothing more. Topics given more partitions
 * than catalogued are still read whole, a wave at a time.
 */
const wholeFetch = documentTypes.reduce((sum, type) => sum + type.partitions, 0);

/** The live version's outbox publisher, when it publishes change events; none for a build. */
function outboxOf(options: ProjectionConsumerOptions) {
  if (!options.live || !options.changes) return undefined;
  return createOutboxPublisher({
    pool: options.pool,
    producer: options.changes.producer,
    topic: options.changes.topic,
    projection: options.projection.declaration.name,
    logger: options.logger,
  });
}

/**
 * A version being built commits without waiting for the WAL flush: its rows and its
 * checkpoints commit together, so a crash can only lose a tail of whole batches, and
 * the build resumes at the checkpoint that survived and applies that tail again from
 * the log (the log is the truth; nothing outside Postgres saw those commits: a build
 * publishes no change events). The switch to live is its own transaction, committed
 * synchronously, and its flush makes every build commit before it durable too (the
 * WAL is flushed in order). Live batches keep synchronous commit.
 */
async function commitWithoutFlushWait(db: pg.PoolClient): Promise<void> {
  await db.query('SET LOCAL synchronous_commit = off');
}

/** A batch's change events as outbox rows, keyed by the enterprise they concern. */
const outboxEntriesOf = (projection: string, changes: readonly ChangeEvent[]): OutboxEntry[] =>
  changes.map((change) => ({
    eventId: change.eventId,
    projection,
    recordKey: change.enterprise,
    payload: { ...change },
  }));

/**
 * How a version applies a batch in the loop's transaction (the header above): the live version
 * takes the shared lock, checks it is still live, locks the batch's scopes and writes its change
 * events to the outbox, flushed after commit; a version being built does none of that.
 */
function projectionBatchHandler(
  options: ProjectionConsumerOptions,
  outbox: ReturnType<typeof outboxOf>,
  now: () => Date,
): BatchHandler<DocumentEvent> {
  const { projection, version, live } = options;
  const name = projection.declaration.name;
  let changes: ChangeEvent[] = [];
  const scopeLocks = createScopeLocks(name, (event) => projection.lockScopesOf(event));
  let locks: BatchLocks | undefined;
  let locked: readonly DocumentEvent[] = [];
  return {
    name,
    decode: (record) => decodeDocumentRecord(options.codec, record),
    async begin(db, events) {
      changes = [];
      locks = undefined;
      if (!live) {
        await commitWithoutFlushWait(db);
        return 'go';
      }
      await lockProjectionShared(db, name);
      // A statement of its own: its snapshot is taken after the lock, so a switch that
      // committed while this batch waited is seen.
      if ((await versionState(db, version.schemaName)) !== 'live') return 'retired';
      locks = await scopeLocks.begin(db, events);
      locked = events;
      return 'go';
    },
    async apply(db, events) {
      const applied = await projection.applyBatch(statementQueue(db), version.schemaName, events, locks);
      const produced = applied.changes;
      if (!live || !outbox || produced.length === 0) return applied;
      await insertOutboxEntries(db, outboxEntriesOf(name, produced), now());
      changes.push(...produced);
      return applied;
    },
    afterCommit() {
      scopeLocks.forget(locked);
      if (changes.length > 0) void outbox?.flush();
    },
  };
}

/** What a projection's consumers are built with, whichever version they apply (live or a rebuild). */
export const consumerBaseOf = ({
  brokers,
  security,
  topicsReady,
  pool,
  codec,
  projection,
  logger,
}: Pick<
  ProjectionConsumerOptions,
  'brokers' | 'security' | 'topicsReady' | 'pool' | 'codec' | 'projection' | 'logger'
>) => ({
  brokers,
  security,
  topicsReady,
  pool,
  codec,
  projection,
  logger,
});

export function createProjectionConsumer(options: ProjectionConsumerOptions): ProjectionConsumer {
  const { projection, version } = options;
  const name = projection.declaration.name;
  const now = options.now ?? (() => new Date());
  const outbox = outboxOf(options);

  const consumer = createCheckpointedConsumer<DocumentEvent>({
    brokers: options.brokers,
    security: options.security,
    clientId: `tradelog-${name}`,
    groupId: version.consumerGroup,
    topics: options.topics,
    pool: options.pool,
    logger: options.logger,
    now,
    // A build owes the log from where it opened (rebuild/buildOpening.ts); the live version, all of it.
    owesWholeLog: options.live,
    ...(options.limitOf ? { limitOf: options.limitOf } : {}),
    ...(options.mergedRead ? { mergedRead: options.mergedRead } : {}),
    ...(options.maxBytesPerPartition ? { maxBytesPerPartition: options.maxBytesPerPartition } : {}),
    ...(options.onApplied ? { onApplied: options.onApplied } : {}),
    ...(options.onRetired ? { onRetired: options.onRetired } : {}),
    ...(options.beforeCommit ? { beforeCommit: options.beforeCommit } : {}),
    ...(options.membership ? { membership: options.membership } : {}),
    topicsReady: options.topicsReady,
    // Batches of many partitions are handed over at once and applied together (group commit),
    // and a fetch waits a little for company: fewer, bigger transactions (processors/README.md).
    partitionsConsumedConcurrently: options.concurrency ?? wholeFetch,
    // A merged read (a rebuild) holds most partitions and fetches the few the merge waits for:
    // a fetch with nothing to wait for then comes back at once.
    fetch: { minBytes: 256 * 1024, maxWaitMs: options.mergedRead ? 20 : 200 },
    handler: projectionBatchHandler(options, outbox, now),
  });

  let outboxTimer: NodeJS.Timeout | undefined;
  return {
    ...consumer,
    async start() {
      await consumer.start();
      void outbox?.flush();
      if (outbox && !outboxTimer) {
        outboxTimer = setInterval(() => void outbox.flush(), options.outboxPollMs ?? 1_000);
        outboxTimer.unref();
      }
    },
    async stop() {
      if (outboxTimer) clearInterval(outboxTimer);
      outboxTimer = undefined;
      await consumer.stop();
    },
    flushOutbox: () => outbox?.flush() ?? Promise.resolve(),
  };
}
