import {
  type DeadLetter,
  findDeadLettersOfDocument,
  projectionCatalogue,
  readNextOffsets,
} from '@tradelog/projections';
import {
  findIndexedDocuments,
  type IndexedDocumentRow,
  listPartnerDocuments,
} from '@tradelog/projections/document-index/tables';
import { localizedError } from '@tradelog/schemas';
import { headerNames } from '@tradelog/schemas/kit/log/headers';
import type {
  DocumentLookUp,
  SubmittedDocument,
  SubmittedDocumentsPage,
} from '@tradelog/schemas/queries/documents';
import { type Request, Router } from 'express';
import type pg from 'pg';
import { type CallLimit, noCallLimit } from '../http/callLimit.ts';
import { type Caller, callerOf, requireKey } from '../reads/auth.ts';
import { readCacheOf } from '../reads/readCache.ts';
import { handle, logReplacedError, sendSuccess } from '../reads/respond.ts';
import { decodeCursor, encodeCursor, projectionStatuses, shownDeadLetter } from './status.ts';

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

const shownDocument = (row: IndexedDocumentRow): SubmittedDocument => ({
  documentId: row.documentId,
  type: row.type,
  enterprise: row.enterprise,
  partnerId: row.partnerId,
  receivedAt: row.receivedAt,
});

function limitOf(req: Request): number {
  const raw = Number(req.query.limit ?? 50);
  return Number.isInteger(raw) && raw >= 1 ? Math.min(raw, 200) : 50;
}

export function createDocumentRoutes(options: { pool: pg.Pool; callLimit?: CallLimit }): Router {
  const { pool } = options;
  const router = Router();
  /** The document index's live version; one built from another log answers nothing of this one. */
  const liveIndex = async () => {
    const reads = readCacheOf(pool);
    const live = await reads.liveVersion('document-index');
    if (live && (await reads.summaryOf(live)).logReplaced === true) throw logReplacedError('document-index');
    return live;
  };
  router.use(
    '/documents',
    requireKey(pool, ['partner', 'operator']),
    (options.callLimit ?? noCallLimit)('default-key'),
  );

  router.get(
    '/documents',
    handle(async (req, res) => {
      const caller = callerOf(res);
      const before = typeof req.query.before === 'string' ? decodeCursor(req.query.before) : undefined;
      if (before === null) {
        throw localizedError('VALIDATION_FAILED', 400, {
          cn: 'before 游标无效',
          en: 'before is not a cursor of ours',
        });
      }
      const limit = limitOf(req);
      const live = await liveIndex();
      const rows = live
        ? await listPartnerDocuments(
            pool,
            live.schemaName,
            caller.kind === 'operator' ? null : caller.ownerId,
            {
              limit,
              ...(before ? { before } : {}),
            },
          )
        : [];
      const last = rows.at(-1);
      const page: SubmittedDocumentsPage = {
        dataList: rows.map(shownDocument),
        next: rows.length === limit && last ? encodeCursor(last) : null,
      };
      sendSuccess(res, page);
    }),
  );

  router.get(
    '/documents/:documentId',
    handle(async (req, res) => {
      const caller = callerOf(res);
      const documentId = String(req.params.documentId);
      if (!/^[\w-]{1,64}$/.test(documentId)) throw notFound();
      const live = await liveIndex();
      const [indexed] = live ? await findIndexedDocuments(pool, live.schemaName, [documentId]) : [];
      const deadLetters = (await findDeadLettersOfDocument(pool, documentId)).filter((letter) =>
        mine(caller, letter.headers[headerNames.partnerId]),
      );
      if (indexed ? !mine(caller, indexed.partnerId) : deadLetters.length === 0) throw notFound();
      // Not indexed: the document index itself could not apply it (or has not yet); its dead
      // letter says where the record is and what it is.
      const first: DeadLetter | undefined = deadLetters[0];
      const place = indexed ?? { topic: first!.topic, partition: first!.partition, offset: first!.offset };
      const type = indexed?.type ?? first!.headers[headerNames.interfaceId] ?? '';
      // Each reader's live version and whether its checkpoints are of the log as it is now: a
      // version built from a replaced log is never said to have applied a record of this one.
      const reads = readCacheOf(pool);
      const readers = await Promise.all(
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
      const nextOffsets = await readNextOffsets(
        pool,
        readers.flatMap(({ consumerGroup }) =>
          consumerGroup ? [{ consumerGroup, topic: place.topic, partition: place.partition }] : [],
        ),
      );
      const answer: DocumentLookUp = {
        document: {
          ...(indexed
            ? shownDocument(indexed)
            : {
                documentId,
                type,
                enterprise: null,
                partnerId: first!.headers[headerNames.partnerId] ?? null,
                receivedAt: first!.headers[headerNames.receivedAt] ?? null,
              }),
          indexed: indexed !== undefined,
          topic: place.topic,
          partition: place.partition,
          offset: place.offset,
        },
        projections: projectionStatuses({ place, readers, nextOffsets, deadLetters }),
        deadLetters: deadLetters.map(shownDeadLetter),
      };
      sendSuccess(res, answer);
    }),
  );
  return router;
}
