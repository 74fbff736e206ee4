import type { Bilingual } from '@tradelog/schemas';
import { feedFamilies } from '@tradelog/schemas/documents/catalogue';

/**
 * Standing wildcards and their narrowing (README "Upgrading: narrowing standing wildcards"),
 * pure. Accounts made before partner grants existed were given, by migration, the right to
 * submit for any enterprise (`'*'`) and every feed family there was, named one by one: exactly
 * the exposure grants were built to close. Such an account is flagged wherever accounts are
 * listed, counted by a metric, and narrowed by an operator to what it actually submitted over a
 * window the operator picks (`npm run keys -- narrow <account>`).
 */
export interface GrantsHeld {
  kind: string;
  enterprises: readonly string[];
  feeds: readonly string[];
}

/** What makes an account wide; undefined when nothing does. */
export interface StandingWildcard {
  /** `'*'`: may submit for any enterprise. */
  anyEnterprise: boolean;
  /** Holds every feed family of the catalogue, as the migration gave partners. */
  everyFeed: boolean;
}

export function standingWildcardOf(account: GrantsHeld): StandingWildcard | undefined {
  if (account.kind !== 'partner') return undefined;
  const anyEnterprise = account.enterprises.includes('*');
  const everyFeed = feedFamilies.length > 0 && feedFamilies.every((family) => account.feeds.includes(family));
  return anyEnterprise || everyFeed ? { anyEnterprise, everyFeed } : undefined;
}

/** The words an account listing shows beside a wide account. */
export function standingWildcardWords(wildcard: StandingWildcard): Bilingual {
  const cn = [wildcard.anyEnterprise && '任意企业（*）', wildcard.everyFeed && '全部数据源类别']
    .filter(Boolean)
    .join('、');
  const en = [wildcard.anyEnterprise && 'any enterprise (*)', wildcard.everyFeed && 'every feed family']
    .filter(Boolean)
    .join(' and ');
  return { cn: `常设通配授权：${cn}`, en: `standing wildcard: ${en}` };
}

/** What an account submitted over a window, read from the log (submitted.ts). */
export interface Submitted {
  /** Every enterprise its documents named, in any enterprise field (schemas/src/documents/enterpriseFields.ts). */
  enterprises: readonly string[];
  /** The feed families of the feeds it submitted. */
  feeds: readonly string[];
  documents: number;
}

export interface Narrowing {
  /** The grants the account would hold. */
  enterprises: string[];
  feeds: string[];
  /** What the operator's `--apply` grants and withdraws to get there. */
  grant: { enterprises: string[]; feeds: string[] };
  withdraw: { enterprises: string[]; feeds: string[] };
}

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();
const minus = (values: readonly string[], removed: readonly string[]) =>
  values.filter((value) => !removed.includes(value));

/**
 * Only what is wide narrows: `'*'` becomes the enterprises the account's documents named (beside
 * the codes it was granted by name, which an operator chose); "every feed family" becomes the
 * families it submitted. An account with no standing wildcard is left as it is.
 */
export function narrowingOf(account: GrantsHeld, submitted: Submitted): Narrowing {
  const wildcard = standingWildcardOf(account);
  const enterprises = wildcard?.anyEnterprise
    ? sorted([...minus(account.enterprises, ['*']), ...submitted.enterprises])
    : sorted(account.enterprises);
  const feeds = wildcard?.everyFeed
    ? sorted(submitted.feeds.filter((family) => feedFamilies.includes(family)))
    : sorted(account.feeds);
  return {
    enterprises,
    feeds,
    grant: { enterprises: minus(enterprises, account.enterprises), feeds: minus(feeds, account.feeds) },
    withdraw: {
      enterprises: sorted(minus(account.enterprises, enterprises)),
      feeds: sorted(minus(account.feeds, feeds)),
    },
  };
}
