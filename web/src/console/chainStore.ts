import type { AsOfReflected } from '@tradelog/schemas/queries/freshness';
import type { LinkNodePaging } from '@tradelog/schemas/queries/responses';
import { createStore } from 'zustand/vanilla';
import type { LinkNodeResponse } from './chainLayout.ts';
import type { ExposedPiece } from './collateral.ts';

/**
 * The lender's chain look-up (the link-node diagram): the request, the moment it is seen as of
 * (`?asOf=`, query-api/README.md "As of a moment"; empty: now) and the answer. Moving the moment
 * while a chain is shown asks again. Framework-free (house style §13): the calls are handed in.
 */
export interface ChainRequest {
  customerCode: string;
  documentsType: '10' | '20' | '30' | '40';
  documentsNo: string;
}

export interface ChainAnswer<T> {
  ok: boolean;
  body: T;
  message: string;
}

/**
 * Documents of a chain drawn at once: a page of the link-node answer (query-api README "Chains in
 * pages"). A chain of one trade fits; a longer one is drawn a page at a time, with a pager.
 */
export const chainPageSize = 100;

export interface ChainCalls {
  /**
   * POST /open/info/link/node, page `page` of `chainPageSize` documents, with `?asOf=` when a
   * moment is given (ISO, with its offset).
   */
  linkNode(
    request: ChainRequest & { page: number; pageSize: number },
    asOf: string | undefined,
  ): Promise<ChainAnswer<LinkNodeResponse>>;
  /** POST /open/info/collateral/exposure of a financing, as of the same moment as the chain. */
  exposure(request: ChainRequest, asOf: string | undefined): Promise<ChainAnswer<ExposureAnswer>>;
}

/**
 * What the console reads of the exposure answer: its first page of pieces, and how many pieces
 * the financing holds and how many another open financing holds too (query-api README
 * "Collateral exposure").
 */
export type ExposureAnswer = { collateral?: ExposedPiece[]; totalCount?: number; reusedCount?: number };

/** How much of a financing's collateral stands behind another open financing too. */
export type ReusedCount = { reused: number; total: number };

/** What the answer says it reflects: the contract's `asOf` member. */
export type AsOfShown = AsOfReflected;

export interface ChainState {
  request: ChainRequest;
  /** The date-time picker's value (`YYYY-MM-DDTHH:mm[:ss]`, the browser's local time); '' for now. */
  asOf: string;
  status: 'idle' | 'busy' | 'done' | 'error';
  response: LinkNodeResponse | undefined;
  /** Which page of the chain's documents is drawn; undefined before an answer. */
  paging: LinkNodePaging | undefined;
  collateral: ExposedPiece[];
  /** Of a financing's chain: its pieces reused, whatever the page drawn; undefined otherwise. */
  reusedCount: ReusedCount | undefined;
  shownAsOf: AsOfShown | undefined;
  error: string | undefined;
  setField<K extends keyof ChainRequest>(name: K, value: ChainRequest[K]): void;
  /** Moves the moment; a chain shown is asked again as of it. */
  setAsOf(value: string): Promise<void>;
  /** Looks the chain up, its first page unless another is asked for (the pager). */
  lookUp(page?: number): Promise<void>;
  /** Looks one document's chain up as of a moment ('' for now): the portfolio's "chain" of a financing. */
  open(request: ChainRequest, asOf: string): Promise<void>;
}

/** A picker value as the moment query-api takes (the local time it names, with its offset); undefined: now. */
export function asOfParameter(value: string): string | undefined {
  if (value.trim() === '') return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/** A path asking as of a moment (`?asOf=`), or the path itself for now. */
export function withAsOf(path: string, moment: string | undefined): string {
  if (moment === undefined) return path;
  return `${path}${path.includes('?') ? '&' : '?'}asOf=${encodeURIComponent(moment)}`;
}

/** What an answer says it reflects, when it was asked as of a moment. */
export const asOfShownOf = (body: unknown): AsOfShown | undefined =>
  typeof body === 'object' && body !== null ? (body as { asOf?: AsOfShown }).asOf : undefined;

/** The page an answer holds, when it says (an answer before pages says nothing). */
const pagingOf = (body: LinkNodeResponse): LinkNodePaging | undefined =>
  body.totalCount === undefined || body.page === undefined || body.pageSize === undefined
    ? undefined
    : { page: body.page, pageSize: body.pageSize, totalCount: body.totalCount };

/** The counts an exposure answer gives, when it gives them. */
const reusedCountOf = (body: ExposureAnswer): ReusedCount | undefined =>
  body.totalCount === undefined || body.reusedCount === undefined
    ? undefined
    : { reused: body.reusedCount, total: body.totalCount };

export function createChainStore(calls: ChainCalls, initial: Partial<ChainRequest> = {}) {
  // The last question asked: a page asked after it answers instead of it.
  let asked: { page: number } | undefined;
  return createStore<ChainState>()((set, get) => ({
    request: { customerCode: '', documentsType: '10', documentsNo: '', ...initial },
    asOf: '',
    status: 'idle',
    response: undefined,
    paging: undefined,
    collateral: [],
    reusedCount: undefined,
    shownAsOf: undefined,
    error: undefined,
    setField(name, value) {
      set({ request: { ...get().request, [name]: value } });
    },
    async setAsOf(value) {
      set({ asOf: value });
      if (get().status === 'done' || get().status === 'error') await get().lookUp();
    },
    async open(request, asOf) {
      set({ request, asOf });
      await get().lookUp();
    },
    async lookUp(page = 1) {
      const { asOf } = get();
      const request = {
        ...get().request,
        customerCode: get().request.customerCode.trim(),
        documentsNo: get().request.documentsNo.trim(),
      };
      const moment = asOfParameter(asOf);
      set({ status: 'busy', error: undefined });
      asked = { page };
      const question = asked;
      const answer = await calls.linkNode({ ...request, page, pageSize: chainPageSize }, moment);
      // A later question (another moment, another document, another page) answers instead of this one.
      if (
        asked !== question ||
        get().asOf !== asOf ||
        get().request.documentsNo.trim() !== request.documentsNo
      )
        return;
      if (!answer.ok || answer.body.flag !== 'success') {
        set({
          status: 'error',
          error: answer.message,
          response: undefined,
          paging: undefined,
          collateral: [],
          reusedCount: undefined,
          shownAsOf: undefined,
        });
        return;
      }
      // A financing's chain is drawn with the collateral other financings also held then.
      const exposure = request.documentsType === '10' ? await calls.exposure(request, moment) : undefined;
      set({
        status: 'done',
        response: answer.body,
        paging: pagingOf(answer.body),
        collateral: exposure?.ok ? (exposure.body.collateral ?? []) : [],
        reusedCount: exposure?.ok ? reusedCountOf(exposure.body) : undefined,
        shownAsOf: asOfShownOf(answer.body),
      });
    },
  }));
}
export type ChainStore = ReturnType<typeof createChainStore>;
