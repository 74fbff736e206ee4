import { AsyncLocalStorage } from 'node:async_hooks';
import { findDeadLettersOfDocument, type ProjectionVersion, type Queryable } from '@tradelog/projections';
import { findIndexedDocuments } from '@tradelog/projections/document-index/tables';
import { localizedError } from '@tradelog/schemas';
import type { NextFunction, Request, Response } from 'express';

/**
 * Read your writes (README "Read your writes"): a query carrying `?after=<documentId>` or
 * `?after=<topic>:<partition>:<offset>` (the `position` of ingest's answer) is answered only
 * once the projection it reads has applied that record, waiting at most `afterWaitMs` from the
 * request's arrival; otherwise 503 `NOT_YET_APPLIED` with the freshness, never an answer that
 * lacks it as if current.
 *
 * - A record is applied once the projection's checkpoint for its partition is past it (its rows
 *   commit with the checkpoint; a record the projection dead-lettered is past it too: it was
 *   dealt with, and `GET /ops/dead-letters` lists it).
 * - A projection that does not read the record's topic has nothing to apply: answered at once.
 * - A document id is found through the document index (its position), or a dead letter of the
 *   index, waited for within the same bound. An id the index does not hold once it has applied
 *   the whole log as it is now (read after the request arrived) names no submission, as a
 *   position at or past its partition's end names no record: 404 `AFTER_NOT_FOUND` at once, not
 *   a retriable 503 after the wait.
 *
 * Every read of the request honours it, whichever projection it reads, without each of the
 * forty-odd handlers passing it on: the middleware keeps the request's `after` in an
 * AsyncLocalStorage that readLive consults (reads/respond.ts).
 */
export const afterWaitMs = 5_000;

export interface LogPosition {
  topic: string;
  partition: number;
  offset: bigint;
}

export type After = { kind: 'position'; position: LogPosition } | { kind: 'document'; documentId: string };

const positionPattern = /^([A-Za-z0-9._-]{1,249}):(\d{1,9}):(\d{1,19})$/;
const documentIdPattern = /^[0-9A-Za-z-]{8,64}$/;

/** The `after` query value, parsed (pure); a value of neither form is the caller's error. */
export function parseAfter(value: unknown): After {
  if (typeof value === 'string') {
    const position = positionPattern.exec(value);
    if (position)
      return {
        kind: 'position',
        position: { topic: position[1]!, partition: Number(position[2]), offset: BigInt(position[3]!) },
      };
    if (documentIdPattern.test(value)) return { kind: 'document', documentId: value };
  }
  throw localizedError('AFTER_INVALID', 400, {
    cn: 'after 须为单据编号（documentId），或提交应答中的日志位置 position（主题:分区:偏移量）',
    en: 'after must be a documentId, or the log position of the submission answer (topic:partition:offset)',
  });
}

/** `after` names no record: an unknown document id, or a position past the log's end. */
const afterNotFound = () =>
  localizedError('AFTER_NOT_FOUND', 404, {
    cn: 'after 所指的记录不存在：没有这个单据编号（documentId）的提交，或该位置超出日志末尾',
    en: 'after names no record: no submission has that documentId, or the position is past the end of the log',
  });

interface AfterContext {
  raw: unknown;
  deadline: number;
  /** The record's position, once looked up (a document id once per request; undefined: not found in time). */
  position?: Promise<LogPosition | undefined>;
}

const requestAfter = new AsyncLocalStorage<AfterContext>();

/** Keeps a request's `?after=` for the reads it makes (parsed by the first read that needs it). */
export function keepRequestAfter(req: Request, _res: Response, next: NextFunction): void {
  const raw = req.query.after;
  if (raw === undefined) next();
  else requestAfter.run({ raw, deadline: Date.now() + afterWaitMs }, next);
}

/** A GET look-up's own fields: its query string without `after` (not a field of the request, ours). */
export const queryFieldsOf = (req: Request): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(req.query).filter(([name, value]) => name !== 'after' && value !== undefined),
  );

/** The request's wait, when it asked for one (the position may still have to be found). */
export function currentAfter(): AfterContext | undefined {
  return requestAfter.getStore();
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `found` until it answers or the deadline passes (20 ms doubling to 200 ms). */
async function pollUntil<T>(deadline: number, found: () => Promise<T | undefined>): Promise<T | undefined> {
  for (let wait = 20; ; wait = Math.min(wait * 2, 200)) {
    const answer = await found();
    if (answer !== undefined) return answer;
    if (Date.now() + wait > deadline) return undefined;
    await pause(wait);
  }
}

export async function nextOffsetOf(
  db: Queryable,
  consumerGroup: string,
  position: Pick<LogPosition, 'topic' | 'partition'>,
): Promise<bigint | undefined> {
  const { rows } = await db.query(
    'SELECT next_offset FROM projection_checkpoints WHERE consumer_group = $1 AND topic = $2 AND partition = $3',
    [consumerGroup, position.topic, position.partition],
  );
  return rows[0] ? BigInt(rows[0].next_offset) : undefined;
}

/**
 * Waits until `version` has applied the request's `after` record. Resolves true when it has (or
 * does not read its topic), false when the deadline passed first.
 */
export async function awaitAfter(
  db: Queryable,
  context: AfterContext,
  version: ProjectionVersion,
  dependencies: {
    readsTopic: (topic: string) => boolean;
    documentIndex: () => Promise<ProjectionVersion | null>;
    /** Whether the index has applied every record of the log as it is now (false when not known). */
    indexHasAll: (index: ProjectionVersion) => Promise<boolean>;
    /** Where the record's partition ends, read after the request arrived (undefined when not known). */
    logEndOf: (position: LogPosition) => Promise<bigint | undefined>;
  },
): Promise<boolean> {
  context.position ??= positionOf(db, context, dependencies);
  const position = await context.position.catch((error: unknown) => {
    context.position = undefined;
    throw error;
  });
  if (position === undefined) return false;
  if (!dependencies.readsTopic(position.topic)) return true;
  // A position the caller gave at or past its partition's end names no record acknowledged before
  // the request (one the document index gave is below it: no read of the log's ends for it).
  if (parseAfter(context.raw).kind === 'position') {
    const end = await dependencies.logEndOf(position);
    if (end !== undefined && position.offset >= end) throw afterNotFound();
  }
  const applied = await pollUntil(context.deadline, async () => {
    const next = await nextOffsetOf(db, version.consumerGroup, position);
    return next !== undefined && next > position.offset ? true : undefined;
  });
  return applied === true;
}

async function positionOf(
  db: Queryable,
  context: AfterContext,
  dependencies: Pick<Parameters<typeof awaitAfter>[3], 'documentIndex' | 'indexHasAll'>,
): Promise<LogPosition | undefined> {
  const after = parseAfter(context.raw);
  if (after.kind === 'position') return after.position;
  const indexed = async (index: ProjectionVersion): Promise<LogPosition | undefined> => {
    const [row] = await findIndexedDocuments(db, index.schemaName, [after.documentId]);
    return row ? { topic: row.topic, partition: row.partition, offset: BigInt(row.offset) } : undefined;
  };
  return pollUntil(context.deadline, async () => {
    const index = await dependencies.documentIndex();
    if (!index) return undefined;
    const found = await indexed(index);
    if (found) return found;
    // Asked only after the look-up missed: a summary read now covers every record acknowledged
    // before the request, the one `after` names among them.
    if (!(await dependencies.indexHasAll(index))) return undefined;
    // The index may have applied the document between the look-up and the summary: looked up
    // again, now that it holds every record acknowledged before the request.
    const applied = await indexed(index);
    if (applied) return applied;
    const [letter] = await findDeadLettersOfDocument(db, after.documentId);
    if (letter) return { topic: letter.topic, partition: letter.partition, offset: BigInt(letter.offset) };
    throw afterNotFound();
  });
}
