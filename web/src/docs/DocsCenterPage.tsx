import { StatusError } from '../app/ErrorBoundary.tsx';
import { notFoundText, pathOf } from '../app/routes.ts';
import { useDict, useLocale } from '../app/state.ts';
import { pick } from '../i18n/i18n.ts';
import { Link } from '../layout/Link.tsx';
import { RefTable } from '../layout/RefTable.tsx';
import { PageHero } from '../pages/common.tsx';
import { DocStamp } from './DocStamp.tsx';
import { DocsMenu } from './DocsMenu.tsx';
import { InteractiveReferences } from './InteractiveReferences.tsx';
import { RetryingSafely } from './RetryingSafely.tsx';
import { referenceEntries } from './reference.ts';
import { methodOf, shownGroups } from './referenceGroups.ts';

/** One group of the docs centre: its interfaces with method and path; an unknown group is a 404. */
export function DocsCenterPage(props: { group: string }) {
  const t = useDict();
  const locale = useLocale();
  const group = shownGroups.find((candidate) => candidate === props.group);
  if (!group) throw new StatusError(404, notFoundText);
  const entries = referenceEntries.filter((entry) => entry.group === group);
  return (
    <main id="main" className="page">
      <PageHero title={t.docs.groups[group]} lead={t.docs.lead} />
      <div className="container with-aside">
        <DocsMenu />
        <section className="content-column">
          <p>{group === 'logistics2' ? t.docs.queryOverview : t.docs.overviewText}</p>
          <RefTable columns={[t.docs.menu, t.docs.method, t.docs.path]}>
            {entries.map((entry) => (
              <tr key={entry.docId}>
                <th scope="row">
                  <Link href={pathOf(locale, 'docsDetail', entry.docId)}>{pick(entry.title, locale)}</Link>
                </th>
                <td>{methodOf(entry)}</td>
                <td>
                  {entry.available ? (
                    <code>{entry.path}</code>
                  ) : entry.kind === 'push' ? (
                    <code>callbackUrl</code>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </RefTable>
          {group !== 'logistics2' && <RetryingSafely />}
          <InteractiveReferences />
          <DocStamp />
        </section>
      </div>
    </main>
  );
}
