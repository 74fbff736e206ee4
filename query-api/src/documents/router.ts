import { findDeadLettersOfDocument, projectionCatalogue, readNextOffsets } from '@tradelog/projections';
import { findIndexedDocuments, listPartnerDocuments } from '@tradelog/projections/document-index/tables';
import { localizedError } from '@tradelog/schemas';
import { headerNames } from '@tradelog/schemas/kit/log/headers';
import type { DocumentLookUp, SubmittedDocumentsPage } from '@tradelog/schemas/queries/documents';
import { type Request, Router } from 'express';
import type pg from 'pg';
import { type CallLimit, noCallLimit } from '../http/callLimit.ts';
import { shortListLimit, wholeParameter } from '../http/queryParameters.ts';
import { type Caller, callerOf, requireKey } from '../reads/auth.ts';
import { readCacheOf } from '../reads/readCache.ts';
import { handle, logReplacedError, sendSuccess } from '../reads/respond.ts';
import {
  decodeCursor,
  encodeCursor,
  lookedUpDocument,
  projectionStatuses,
  shownDeadLetter,
  shownDocument,
} from './status.ts';

/**
 * Partner tools (query-api README "Partner tools"): a partner looks up one of its own submissions
 * by documentId — its place in the log, its state in every projection that reads its type and
 * its dead letters — and lists its recent submissions, from the live document index. Operators
 * see every partner's. Another partner's document answers 404, as an unknown one does.
 */
const notFound = () =>
  localizedError('DOCUMENT_NOT_FOUND', 404, {
    cn: '没有这份单据（或索引尚未收录，请稍后再查）',
    en: 'No such document (or the index has not caught up with it yet; try again shortly)',
  });

const mine = (caller: Caller, partnerId: string | undefined) =>
  caller.kind === 'operator' || partnerId === caller.ownerId;

/** The document index's live version; one built from another log answers nothing of this one. */
async function liveIndex(pool: pg.Pool) {
  const reads = readCacheOf(pool);
  const live = await reads.liveVersion('document-index');
  if (live && (await reads.summaryOf(live)).logReplaced === true) throw logReplacedError('document-index');
  return live;
}

export function createDocumentRoutes(options: { pool: pg.Pool; callLimit?: CallLimit }): Router {
  const { pool } = options;
  const router = Router();
  router.use(
    '/documents',
    requireKey(pool, ['partner', 'operator']),
    (options.callLimit ?? noCallLimit)('default-key'),
  );
  router.get(
    '/documents',
    handle(async (req, res) => {
      sendSuccess(res, await documentsPage(pool, callerOf(res), req));
    }),
  );
  router.get(
    '/documents/:documentId',
    handle(async (req, res) => {
      sendSuccess(res, await lookUpDocument(pool, callerOf(res), String(req.params.documentId)));
    }),
  );
  return router;
}

/** A page of the caller's submissions (an operator's: everyone's), newest first, `before` a cursor. */
async function documentsPage(pool: pg.Pool, caller: Caller, req: Request): Promise<SubmittedDocumentsPage> {
  // An empty cursor is none, as for every listing's parameters (http/queryParameters.ts).
  const before =
    typeof req.query.before === 'string' && req.query.before !== ''
      ? decodeCursor(req.query.before)
      : undefined;
  if (before === null) {
    throw localizedError('VALIDATION_FAILED', 400, {
      cn: 'before 游标无效',
      en: 'before is not a cursor of ours',
    });
  }
  const limit = wholeParameter(req.query, 'limit', shortListLimit);
  const live = await liveIndex(pool);
  const rows = live
    ? await listPartnerDocuments(pool, live.schemaName, caller.kind === 'operator' ? null : caller.ownerId, {
        limit,
        ...(before ? { before } : {}),
      })
    : [];
  const last = rows.at(-1);
  return {
    dataList: rows.map(shownDocument),
    next: rows.length === limit && last ? encodeCursor(last) : null,
  };
}

/** One of the caller's submissions: its place in the log, its state in each reader, its dead letters. */
async function lookUpDocument(pool: pg.Pool, caller: Caller, documentId: string): Promise<DocumentLookUp> {
  if (!/^[\w-]{1,64}$/.test(documentId)) throw notFound();
  const live = await liveIndex(pool);
  const [indexed] = live ? await findIndexedDocuments(pool, live.schemaName, [documentId]) : [];
  const deadLetters = (await findDeadLettersOfDocument(pool, documentId)).filter((letter) =>
    mine(caller, letter.headers[headerNames.partnerId]),
  );
  if (indexed ? !mine(caller, indexed.partnerId) : deadLetters.length === 0) throw notFound();
  const { document, type, place } = lookedUpDocument(documentId, indexed, deadLetters);
  const readers = await readersOf(pool, type);
  const nextOffsets = await readNextOffsets(
    pool,
    readers.flatMap(({ consumerGroup }) =>
      consumerGroup ? [{ consumerGroup, topic: place.topic, partition: place.partition }] : [],
    ),
  );
  return {
    document,
    projections: projectionStatuses({ place, readers, nextOffsets, deadLetters }),
    deadLetters: deadLetters.map(shownDeadLetter),
  };
}

/**
 * The projections reading a document type: each one's live version and whether its checkpoints
 * are of the log as it is now: a version built from a replaced log is never said to have applied
 * a record of this one.
 */
function readersOf(pool: pg.Pool, type: string) {
  const reads = readCacheOf(pool);
  return Promise.all(
    projectionCatalogue
      .filter((declaration) => (declaration.reads as readonly string[]).includes(type))
      .map(async (declaration) => {
        const version = await reads.liveVersion(declaration.name);
        return {
          projection: declaration.name,
          consumerGroup: version?.consumerGroup ?? null,
          logReplaced: version ? (await reads.summaryOf(version)).logReplaced === true : false,
        };
      }),
  );
}
