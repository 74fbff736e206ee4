import { localizedError } from '@tradelog/schemas';
import { type QueryTypeId, queryType } from '@tradelog/schemas/queries/catalogue';
import type { Request, RequestHandler, Response } from 'express';
import { type Caller, callerOf } from '../reads/auth.ts';

/** What every reference look-up (router.ts) answers with: its path, its answer, a field pick, a page count. */

export const path = (id: QueryTypeId) => queryType(id).path;

export type Answer = { status?: number; body: Record<string, unknown> };

export function lookUp(
  work: (req: Request, caller: Caller, res: Response) => Promise<Answer>,
): RequestHandler {
  return async (req, res) => {
    const answer = await work(req, callerOf(res), res);
    res.status(answer.status ?? 200).json(answer.body);
  };
}

/** The named fields as answered, each null when the feed did not state it. */
export const pick = (fields: Readonly<Record<string, unknown>>, names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, fields[name] ?? null]));

export const notFound = (en: string, cn: string) => localizedError('NOT_FOUND', 404, { cn, en });

export const pages = (total: number, size: number) => Math.ceil(total / size);
