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
  /** Open release and low-coverage alerts (query-api/README.md "Portfolio"); absent from older answers. */
  alerts?: PortfolioAlert[];
  purchaseAmount: number | null;
  stockValue: number;
  unpricedLines: number;
  coverage: number | null;
  latestEvents: { documentType: string; businessKey: string; receivedAt: string }[];
}

export type PortfolioAlert =
  | {
      kind: 'collateral.released';
      at: string;
      collateral: { kind: string; warehouse: string | null; number: string };
      cause: string;
      document: { documentType: string | null; documentId: string | null; receivedAt: string | null };
    }
  | {
      kind: 'coverage.low';
      since: string | null;
      threshold: number;
      coverage: number;
      document: { documentType: string | null; documentId: string | null; receivedAt: string | null };
    };

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

/**
 * What a row's alert cell says: the reuse, each release (which receipt, by which document) and a
 * low coverage (under which threshold), in the words given.
 */
export function alertLabels(
  row: Pick<PortfolioRow, 'alerted' | 'alerts'>,
  words: { alerted: string; released: string; lowCoverage: string },
): string[] {
  const labels = row.alerted ? [words.alerted] : [];
  for (const alert of row.alerts ?? []) {
    if (alert.kind === 'collateral.released') {
      const receipt = [alert.collateral.warehouse, alert.collateral.number].filter(Boolean).join('/');
      const document = [alert.document.documentType, alert.document.receivedAt].filter(Boolean).join(' · ');
      labels.push(words.released.replace('{receipt}', receipt).replace('{document}', document));
    } else labels.push(words.lowCoverage.replace('{threshold}', coveragePercent(alert.threshold)));
  }
  return labels;
}
