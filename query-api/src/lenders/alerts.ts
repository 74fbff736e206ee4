import type { CoverageRow } from '@tradelog/projections/collateral/pledgeTables';
import {
  type FinancingAlertRows,
  findFinancingAlerts,
  type PortfolioFinancing,
} from '@tradelog/projections/collateral/queries';
import { financingKeyOf } from '@tradelog/projections/collateral/tables';
import {
  defaultCoverageThreshold,
  findCoverageThresholds,
} from '@tradelog/projections/collateral/thresholds';
import type { AlertDocument, PortfolioAlert } from '@tradelog/schemas/queries/portfolio';
import type pg from 'pg';
import type { Caller } from '../reads/auth.ts';
import { readLive } from '../reads/respond.ts';

/**
 * The open release and coverage alerts of the portfolio's financings (query-api/README.md
 * "Portfolio"; processors/README.md "Release and coverage alerts"), for the caller: kept apart
 * from portfolio.ts, which only merges them into its rows and sorts by them.
 *
 * - A **release** stays listed while its financing is open (the portfolio lists open ones only):
 *   what was released, when, by which document.
 * - **Low coverage** is open while the coverage at the last evaluation is below the caller's own
 *   threshold for the enterprise (the default where it set none): since the crossing of that
 *   threshold and the document that caused it, when the projection recorded one; a threshold set
 *   after the fall has no crossing, and `since` is null.
 */

const documentOf = (provenance: Record<string, unknown> | undefined): AlertDocument => ({
  documentType: typeof provenance?.documentType === 'string' ? provenance.documentType : null,
  documentId: typeof provenance?.documentId === 'string' ? provenance.documentId : null,
  receivedAt: typeof provenance?.receivedAt === 'string' ? provenance.receivedAt : null,
});

const collateralOf = (pieceKey: string) => {
  const [kind, warehouse, number] = JSON.parse(pieceKey) as [string, string, string];
  return { kind, warehouse: warehouse === '' ? null : warehouse, number };
};

/** A financing's alert rows, its last coverage evaluation's document unknown as of a moment before it. */
type AlertRows = Omit<FinancingAlertRows, 'coverage'> & {
  coverage: (Omit<CoverageRow, 'provenance'> & { provenance?: CoverageRow['provenance'] }) | null;
};

/** A financing's open alerts from its rows, for a caller whose threshold is `threshold`. Pure. */
export function openAlerts(rows: AlertRows | undefined, threshold: number): PortfolioAlert[] {
  if (rows === undefined) return [];
  const alerts: PortfolioAlert[] = rows.releases.map((release) => ({
    kind: 'collateral.released',
    at: release.firstSeen,
    collateral: collateralOf(release.pieceKey),
    cause: release.cause,
    document: documentOf(release.provenance),
  }));
  const coverage = rows.coverage?.coverage;
  if (coverage != null && coverage < threshold) {
    const crossing = rows.crossings.filter((x) => x.threshold === threshold).at(-1);
    alerts.push({
      kind: 'coverage.low',
      since: crossing?.firstSeen ?? null,
      threshold,
      coverage,
      document: documentOf(crossing?.provenance ?? rows.coverage?.provenance),
    });
  }
  return alerts;
}

/** The caller's thresholds by enterprise (an operator has none of its own: the default). */
export async function thresholdsOfCaller(pool: Pick<pg.Pool, 'query'>, caller: Caller) {
  const set =
    caller.kind === 'lender'
      ? new Map(
          (await findCoverageThresholds(pool, caller.accountId)).map((t) => [t.enterprise, t.threshold]),
        )
      : new Map<string, number>();
  return (enterprise: string) => set.get(enterprise) ?? defaultCoverageThreshold;
}

/**
 * A financing's alert rows as they stood at `asOf`, with `coverageThen` its coverage then (the
 * portfolio's, from the stock replayed to then). Releases and crossings are recorded once each,
 * stamped with their document's received-at, and never withdrawn while the financing is open,
 * so those stamped by then are the ones the projection had recorded then. Pure.
 */
export function alertRowsAsOf(
  rows: FinancingAlertRows | undefined,
  asOf: Date,
  coverageThen: number | null,
): AlertRows | undefined {
  if (rows === undefined) return undefined;
  const byThen = (at: string) => Date.parse(at) <= asOf.getTime();
  const evaluated = rows.coverage?.provenance as { receivedAt?: unknown } | undefined;
  return {
    ...rows,
    releases: rows.releases.filter((release) => byThen(release.firstSeen)),
    crossings: rows.crossings.filter((crossing) => byThen(crossing.firstSeen)),
    coverage: rows.coverage && {
      ...rows.coverage,
      coverage: coverageThen,
      // The last evaluation's document only when it had been received by then.
      provenance:
        typeof evaluated?.receivedAt === 'string' && byThen(evaluated.receivedAt)
          ? rows.coverage.provenance
          : undefined,
    },
  };
}

/**
 * The open alerts of each financing, by financing key (`financingKeyOf`); as of a moment when
 * `asOf` gives it and each financing's coverage then (README "As of a moment": the caller's
 * thresholds are its settings now, not the log's).
 */
export async function readPortfolioAlerts(
  pool: Pick<pg.Pool, 'query'>,
  caller: Caller,
  financings: readonly PortfolioFinancing[],
  asOf?: { at: Date; coverageOf(financingKey: string): number | null },
): Promise<Map<string, PortfolioAlert[]>> {
  const keys = financings.map((f) => financingKeyOf(f.enterprise, f.financingNo));
  const { result } = await readLive(pool, 'collateral', (schema, db) =>
    findFinancingAlerts(db, schema, keys),
  );
  const thresholdOf = await thresholdsOfCaller(pool, caller);
  const rowsOf = new Map(result.map((rows) => [rows.financingKey, rows]));
  return new Map(
    financings.map((f) => {
      const key = financingKeyOf(f.enterprise, f.financingNo);
      const rows = asOf ? alertRowsAsOf(rowsOf.get(key), asOf.at, asOf.coverageOf(key)) : rowsOf.get(key);
      return [key, openAlerts(rows, thresholdOf(f.enterprise))];
    }),
  );
}
