import { createStore } from 'zustand/vanilla';

/**
 * The lender's portfolio (query-api `GET /open/portfolio`, query-api/README.md "Portfolio"): its
 * open financings as query-api sorts them (alerts first, then the lowest coverage), asked on
 * demand. Framework-free (house style §13): the call is handed in.
 */
export interface PortfolioRow {
  customerCode: string;
  financingOrderNo: string;
  alerted: boolean;
  purchaseAmount: number | null;
  stockValue: number;
  unpricedLines: number;
  coverage: number | null;
  latestEvents: { documentType: string; businessKey: string; receivedAt: string }[];
}

export interface PortfolioState {
  status: 'idle' | 'busy' | 'done' | 'error';
  rows: PortfolioRow[];
  error: string | undefined;
  load(): Promise<void>;
}

export function createPortfolioStore(
  ask: () => Promise<{ ok: boolean; body: { dataList?: PortfolioRow[] }; message: string }>,
) {
  return createStore<PortfolioState>()((set) => ({
    status: 'idle',
    rows: [],
    error: undefined,
    async load() {
      set({ status: 'busy', error: undefined });
      const answer = await ask();
      if (!answer.ok) set({ status: 'error', error: answer.message, rows: [] });
      else set({ status: 'done', rows: answer.body.dataList ?? [] });
    },
  }));
}
export type PortfolioStore = ReturnType<typeof createPortfolioStore>;

/** A coverage ratio as a percentage with one decimal; '—' when it cannot be computed. */
export const coveragePercent = (coverage: number | null): string =>
  coverage === null ? '—' : `${(coverage * 100).toFixed(1)} %`;
