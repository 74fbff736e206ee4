import { countStandingWildcards } from '@tradelog/projections/access/store';
import { feedFamilies } from '@tradelog/schemas/documents/catalogue';
import type pg from 'pg';
import client from 'prom-client';

/**
 * `tradelog_accounts_standing_wildcard`: partner accounts that may submit for any enterprise or
 * every feed family (README "Upgrading: narrowing standing wildcards"), counted when Prometheus
 * scrapes; the alert `StandingWildcardAccounts` asks for them to be narrowed. While Postgres does
 * not answer, the last count stays (a scrape never fails for it).
 */
export function registerStandingWildcardMetric(registry: client.Registry, pool: pg.Pool): void {
  new client.Gauge({
    name: 'tradelog_accounts_standing_wildcard',
    help: 'Partner accounts granted any enterprise (*) or every feed family: standing wildcards to narrow',
    registers: [registry],
    async collect() {
      const count = await countStandingWildcards(pool, feedFamilies).catch(() => undefined);
      if (count !== undefined) this.set(count);
    },
  });
}
