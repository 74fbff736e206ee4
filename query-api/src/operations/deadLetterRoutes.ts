import {
  discardDeadLetters,
  findDeadLetter,
  inTransaction,
  listDeadLetters,
  markDeadLetterRetrying,
  markDeadLettersRetrying,
  projectionNames,
} from '@tradelog/projections';
import { localizedError } from '@tradelog/schemas';
import {
  type DeadLettersDiscarded,
  type DeadLettersRetrying,
  deadLetterStates,
  type ListedDeadLetter,
} from '@tradelog/schemas/queries/operations';
import type { Router } from 'express';
import { choiceParameter, idParameter, listLimit, wholeParameter } from '../http/queryParameters.ts';
import { handle, sendSuccess } from '../reads/respond.ts';
import type { Operations } from './operations.ts';
import { printableKey } from './printableKey.ts';

/** At most this many dead letters in one bulk retry or discard (one statement each). */
export const bulkLimit = 500;

/** The `ids` of a bulk request: dead-letter ids (decimal), 1 to `bulkLimit`, each once. */
export function bulkIdsOf(body: unknown): string[] {
  const ids = (body as { ids?: unknown } | undefined)?.ids;
  if (
    !Array.isArray(ids) ||
    ids.length === 0 ||
    ids.length > bulkLimit ||
    !ids.every((id) => typeof id === 'string' && /^\d{1,18}$/.test(id))
  ) {
    throw localizedError('VALIDATION_FAILED', 400, {
      cn: `ids 须为 1 至 ${bulkLimit} 个死信编号（字符串）`,
      en: `ids must list 1 to ${bulkLimit} dead-letter ids (strings)`,
    });
  }
  return [...new Set(ids as string[])];
}

/** Dead letters: list them, retry one, retry or discard many. */
export function addDeadLetterRoutes(router: Router, ops: Operations): void {
  const { pool, now, audit } = ops;
  router.get(
    '/ops/dead-letters',
    handle(async (req, res) => {
      const projection = choiceParameter(req.query, 'projection', projectionNames);
      const state = choiceParameter(req.query, 'state', deadLetterStates);
      const afterId = idParameter(req.query, 'after', { cn: '死信编号', en: 'a dead-letter id' });
      const letters = await listDeadLetters(pool, {
        limit: wholeParameter(req.query, 'limit', listLimit),
        ...(projection ? { projection } : {}),
        ...(state ? { state } : {}),
        ...(afterId ? { afterId } : {}),
      });
      sendSuccess(res, {
        // Keys are shown as text where they are text, else as base64 (a dead letter may hold any bytes).
        dataList: letters.map(
          ({ value, recordKey, ...letter }): ListedDeadLetter<Date> => ({
            ...letter,
            recordKey: recordKey === null ? null : printableKey(recordKey),
            valueBytes: value?.length ?? 0,
          }),
        ),
      });
    }),
  );

  router.post(
    '/ops/dead-letters/:id/retry',
    handle(async (req, res) => {
      const id = String(req.params.id);
      if (!/^\d+$/.test(id) || !(await findDeadLetter(pool, id)))
        throw localizedError('DEAD_LETTER_UNKNOWN', 404, {
          cn: `没有死信 ${id}`,
          en: `No dead letter ${id}`,
        });
      const letter = await inTransaction(pool, async (db) => {
        const marked = await markDeadLetterRetrying(db, id);
        if (marked) await audit(db, res, 'deadLetters.retried', { ids: [id] });
        return marked;
      });
      if (!letter)
        throw localizedError('DEAD_LETTER_RESOLVED', 409, {
          cn: `死信 ${id} 已处理`,
          en: `Dead letter ${id} is already resolved`,
        });
      sendSuccess(res, { id, state: letter.state }, 202);
    }),
  );

  // Bulk retry and discard: the letters in a state that allows it are changed, the others left
  // and listed as `skipped` (already resolved, discarded, unknown).
  for (const [path, action] of [
    ['/ops/dead-letters/retry', 'deadLetters.retried'],
    ['/ops/dead-letters/discard', 'deadLetters.discarded'],
  ] as const) {
    router.post(
      path,
      handle(async (req, res) => {
        const ids = bulkIdsOf(req.body);
        const changed = await inTransaction(pool, async (db) => {
          const done =
            action === 'deadLetters.retried'
              ? await markDeadLettersRetrying(db, ids)
              : await discardDeadLetters(db, ids, now());
          if (done.length > 0) await audit(db, res, action, { ids: done });
          return done;
        });
        const skipped = ids.filter((id) => !changed.includes(id));
        const answer: DeadLettersRetrying | DeadLettersDiscarded =
          action === 'deadLetters.retried' ? { retrying: changed, skipped } : { discarded: changed, skipped };
        sendSuccess(res, answer, 202);
      }),
    );
  }
}
