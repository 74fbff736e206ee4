import { pathOf } from '../app/routes.ts';
import { useDict, useLocale } from '../app/state.ts';
import { pick } from '../i18n/i18n.ts';
import { Link } from '../layout/Link.tsx';
import { PageHero } from '../pages/common.tsx';
import { InteractiveReferences } from './InteractiveReferences.tsx';
import { RetryingSafely } from './RetryingSafely.tsx';
import { referenceEntries } from './reference.ts';
import { methodOf, shownGroups } from './referenceGroups.ts';

/** The open platform's landing page: overview, retrying, the interactive references and every group's pages. */
export function TechnologyPlatformPage() {
  const t = useDict();
  const locale = useLocale();
  return (
    <main id="main" className="page">
      <PageHero title={t.nav.openPlatform} lead={t.docs.lead}>
        <Link className="btn btn-primary" href={pathOf(locale, 'console')}>
          {t.nav.console}
        </Link>
      </PageHero>
      <div className="container">
        <section className="section">
          <h2 className="section-title left">{t.docs.overview}</h2>
          <p>{t.docs.overviewText}</p>
        </section>
        <RetryingSafely />
        <InteractiveReferences />
        {shownGroups.map((group) => (
          <section className="section" key={group}>
            <h2 className="section-title left">
              <Link href={pathOf(locale, 'docsCenter', group)}>{t.docs.groups[group]}</Link>
            </h2>
            <ul className="card-grid four">
              {referenceEntries
                .filter((entry) => entry.group === group)
                .map((entry) => (
                  <li className="card" key={entry.docId}>
                    <h3>
                      <Link href={pathOf(locale, 'docsDetail', entry.docId)}>
                        {pick(entry.title, locale)}
                      </Link>
                    </h3>
                    {entry.available ? (
                      <code className="path">
                        {methodOf(entry)} {entry.path}
                      </code>
                    ) : (
                      <span className="muted small">{t.docs.notAvailableShort}</span>
                    )}
                  </li>
                ))}
            </ul>
          </section>
        ))}
      </div>
    </main>
  );
}
