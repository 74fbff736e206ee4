import type { AnswerTable } from '@tradelog/schemas/queries/answerTable';
import type { QueryTypeId } from '@tradelog/schemas/queries/catalogue';
import { createStore } from 'zustand/vanilla';
import { type AsOfShown, asOfParameter, withAsOf } from './chainStore.ts';
import {
  type AnswerPage,
  answerShown,
  exportPath,
  lenderQueries,
  pagedRequest,
  queryFields,
} from './lenderQueries.ts';

/**
 * The lender's query tables: the chosen interface, its form values (kept per interface while
 * the page lives), the moment it is asked as of (`?asOf=`, query-api/README.md "As of a
 * moment"; empty: now; a query answered live only refuses one), the last answer as a table with
 * its paging, and exports. Framework-free
 * (house style §13): the calls are handed in, so tests drive it without a browser.
 */
export type ExportFormat = 'csv' | 'xlsx';

export interface LenderQueryCalls {
  /** POST the body to the path; the JSON answer. */
  query(
    path: string,
    body: Record<string, unknown>,
  ): Promise<{ ok: boolean; body: Record<string, unknown>; message: string }>;
  /** POST the body asking the answer as CSV or a workbook (query-api's `Accept` exports), and save it. */
  download(
    path: string,
    body: Record<string, unknown>,
    format: ExportFormat,
  ): Promise<{ ok: boolean; message: string }>;
}

export interface LenderQueryState {
  queryId: QueryTypeId;
  values: Partial<Record<QueryTypeId, Record<string, string>>>;
  status: 'idle' | 'busy' | 'done' | 'error';
  table: AnswerTable | undefined;
  page: AnswerPage | undefined;
  error: string | undefined;
  /** The field the form could not read (a number or JSON field), if any. */
  invalidField: string | undefined;
  /** The date-time picker's value (the browser's local time); '' for now. */
  asOf: string;
  /** What the answer shown says it reflects, when asked as of a moment. */
  shownAsOf: AsOfShown | undefined;
  /** Moves the moment; an answer shown is asked again as of it (the same page). */
  setAsOf(value: string): Promise<void>;
  choose(queryId: QueryTypeId): void;
  setValue(name: string, value: string): void;
  /** Runs the query; with a page number, that page of the same request. */
  run(page?: number): Promise<void>;
  /**
   * Exports the request: the page shown, or every page in one file (`?pages=all`, query-api
   * README "Exports": at most 10,000 rows, refused with the filters to narrow past that).
   */
  exportAs(format: ExportFormat, scope?: 'page' | 'all'): Promise<void>;
}

const typeOf = (id: QueryTypeId) => lenderQueries.find((type) => type.id === id)!;

/** No answer shown: before the first, and once another interface is chosen. */
const noAnswer = { table: undefined, page: undefined, error: undefined, shownAsOf: undefined } as const;

export function createLenderQueryStore(calls: LenderQueryCalls) {
  return createStore<LenderQueryState>()((set, get) => {
    // The form's request (with the page asked for), its values kept; a field it cannot read is named instead.
    const requestFor = (page?: number) => {
      const { queryId, values } = get();
      const asked = pagedRequest(queryFields(typeOf(queryId).request), values[queryId], page);
      if ('invalid' in asked.request) {
        set({ invalidField: asked.request.invalid });
        return undefined;
      }
      set({ invalidField: undefined, values: { ...values, [queryId]: asked.values } });
      return asked.request.body;
    };
    return {
      queryId: lenderQueries[0]!.id,
      values: {},
      status: 'idle',
      ...noAnswer,
      invalidField: undefined,
      asOf: '',
      async setAsOf(value) {
        set({ asOf: value });
        if (get().status === 'done' || get().status === 'error') await get().run(get().page?.page);
      },
      choose(queryId) {
        set({ queryId, status: 'idle', ...noAnswer, invalidField: undefined });
      },
      setValue(name, value) {
        const { queryId, values } = get();
        set({ values: { ...values, [queryId]: { ...(values[queryId] ?? {}), [name]: value } } });
      },
      async run(page) {
        const body = requestFor(page);
        if (!body) return;
        const { queryId, asOf } = get();
        set({ status: 'busy', error: undefined });
        const answer = await calls.query(withAsOf(typeOf(queryId).path, asOfParameter(asOf)), body);
        // A later question (another interface, another moment) answers instead of this one.
        if (get().queryId !== queryId || get().asOf !== asOf) return;
        set(answerShown(answer));
      },
      async exportAs(format, scope = 'page') {
        const body = requestFor();
        if (!body) return;
        const path = exportPath(typeOf(get().queryId).path, scope, asOfParameter(get().asOf));
        const saved = await calls.download(path, body, format);
        if (!saved.ok) set({ error: saved.message });
      },
    };
  });
}
export type LenderQueryStore = ReturnType<typeof createLenderQueryStore>;
