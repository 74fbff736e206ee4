import { type ReferenceEntry, type ReferenceGroup, referenceEntries } from './reference.ts';

/**
 * The docs centre's groups: the submission spec's two menu groups (logistics 10, business 4),
 * the query spec's "digital service output" group (`logistics2`) and the feeds, each shown only
 * when it has an entry.
 */
export const shownGroups: readonly ReferenceGroup[] = (
  ['logistics', 'business', 'logistics2', 'feeds'] as const
).filter((group) => referenceEntries.some((entry) => entry.group === group));

/** Queries and subscriptions are POST (the vessel look-ups GET); a push is a POST to the subscriber's callbackUrl. */
export const methodOf = (entry: ReferenceEntry) =>
  entry.available || entry.kind === 'push' ? (entry.method ?? 'POST') : '—';
