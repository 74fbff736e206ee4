import { pathOf } from '../app/routes.ts';
import { useDict, useLocale } from '../app/state.ts';
import { pick } from '../i18n/i18n.ts';
import { Link } from '../layout/Link.tsx';
import { referenceEntries } from './reference.ts';
import { shownGroups } from './referenceGroups.ts';

/** The docs centre's side menu: every group and its pages, the current one marked. */
export function DocsMenu(props: { current?: string }) {
  const t = useDict();
  const locale = useLocale();
  return (
    <nav className="aside-menu docs-menu" aria-label={t.docs.menu}>
      {shownGroups.map((group) => (
        <section key={group}>
          <h2 className="tree-label">
            <Link href={pathOf(locale, 'docsCenter', group)}>{t.docs.groups[group]}</Link>
          </h2>
          <ul>
            {referenceEntries
              .filter((entry) => entry.group === group)
              .map((entry) => (
                <li key={entry.docId} data-doc-id={entry.docId}>
                  <Link
                    href={pathOf(locale, 'docsDetail', entry.docId)}
                    aria-current={props.current === entry.docId ? 'page' : undefined}
                    className={entry.available ? undefined : 'muted'}
                  >
                    {pick(entry.title, locale)}
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
