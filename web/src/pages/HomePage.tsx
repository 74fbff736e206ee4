import { pathOf } from '../app/routes.ts';
import { useContent, useDict, useLocale } from '../app/state.ts';
import { calls } from '../content/calls.ts';
import { marketing } from '../content/marketing.ts';
import type { HomeData, LinkBandData, SettlePlatformData } from '../content/types.ts';
import { SampleMark } from '../layout/Chrome.tsx';
import { Link } from '../layout/Link.tsx';
import { Loaded } from './common.tsx';
import { FinanceCard } from './FinancePages.tsx';
import { FormView } from './FormView.tsx';

export function HomePage() {
  const t = useDict();
  const locale = useLocale();
  const home = useContent<HomeData>(calls.home());
  const scenarios = (
    ['digitalOperation', 'digitalFinance', 'digitalInsurance', 'digitalTaxation'] as const
  ).map((page) => ({
    page,
    content: marketing[page][locale],
  }));
  return (
    <main id="main" className="home">
      <section className="hero">
        <div className="container hero-inner">
          <div className="hero-copy">
            <p className="eyebrow">{t.site.fullName}</p>
            <h1>{t.home.heroTitle}</h1>
            <p className="lead">{t.home.heroLead}</p>
            <div className="hero-actions">
              <Link className="btn btn-primary btn-large" href={pathOf(locale, 'form', 'register')}>
                {t.home.heroPrimary}
              </Link>
              <Link className="btn btn-ghost btn-large" href={pathOf(locale, 'technologyPlatform')}>
                {t.home.heroSecondary}
              </Link>
            </div>
          </div>
          <Loaded entry={home} failure={t.errors.homeFailed}>
            {(data) => (
              <div className="stats-box">
                <ul className="stats" aria-label={t.site.slogan}>
                  {data.figures.map((stat) => (
                    <li key={stat.label}>
                      <strong>{stat.value}</strong>
                      <span>{stat.label}</span>
                    </li>
                  ))}
                </ul>
                <SampleMark sample={data.sample} />
              </div>
            )}
          </Loaded>
        </div>
      </section>

      <section className="section">
        <div className="container">
          <h2 className="section-title">{t.home.scenariosTitle}</h2>
          <ul className="card-grid four">
            {scenarios.map(({ page, content }) => (
              <li key={page} className="card">
                <h3>{content.title}</h3>
                <p>{content.lead}</p>
                <Link href={pathOf(locale, page)} className="card-link">
                  {t.common.readMore} →
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section alt">
        <div className="container">
          <h2 className="section-title">{t.home.financeTitle}</h2>
          <p className="section-lead">{t.home.financeLead}</p>
          <Loaded entry={home} failure={t.errors.homeFailed}>
            {(data) => (
              <ul className="card-grid three">
                {data.finance.map((product) => (
                  <FinanceCard key={product.slug} product={product} heading="h3" />
                ))}
              </ul>
            )}
          </Loaded>
          <p className="center">
            <Link className="btn btn-primary" href={pathOf(locale, 'cloudFinance')}>
              {t.home.financeCta}
            </Link>
          </p>
        </div>
      </section>

      <section className="section">
        <div className="container two-columns">
          <div>
            <h2 className="section-title left">{t.home.productsTitle}</h2>
            <Loaded entry={home} failure={t.errors.homeFailed}>
              {(data) => (
                <ul className="plain-list">
                  {data.apps.map((app) => (
                    <li key={app.id}>
                      <Link href={pathOf(locale, 'marketplaceDetail', String(app.id))}>{app.appName}</Link>
                      <span>{app.appIntroducetion}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Loaded>
          </div>
          <div>
            <h2 className="section-title left">{t.home.newsTitle}</h2>
            <Loaded entry={home} failure={t.errors.homeFailed}>
              {(data) => (
                <ul className="plain-list news-list">
                  {data.news.map((item) => (
                    <li key={item.id}>
                      <Link href={pathOf(locale, 'newsDetails', String(item.id))}>{item.title}</Link>
                      <time dateTime={item.publishTime}>{item.publishTime}</time>
                    </li>
                  ))}
                </ul>
              )}
            </Loaded>
          </div>
        </div>
      </section>

      <section className="section alt">
        <div className="container">
          <h2 className="section-title">{t.home.expertsTitle}</h2>
          <Loaded entry={home} failure={t.errors.homeFailed}>
            {(data) => (
              <>
                <SampleMark sample={data.sample} />
                <ul className="card-grid four">
                  {data.experts.map((expert) => (
                    <li key={expert.id} className="card expert-card">
                      <span className="avatar" aria-hidden="true">
                        {expert.name.slice(0, 1)}
                      </span>
                      <h3>{expert.name}</h3>
                      <p className="muted">{expert.title}</p>
                      <p>{expert.fields.join(' · ')}</p>
                      <Link
                        className="card-link"
                        href={pathOf(locale, 'specialistOnlineDetail', String(expert.id))}
                      >
                        {t.experts.consult} →
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Loaded>
        </div>
      </section>

      <LinkBand />
      <SettleBand />

      <section className="section partners">
        <div className="container">
          <h2 className="section-title">{t.home.partnersTitle}</h2>
          <Loaded entry={home} failure={t.errors.homeFailed}>
            {(data) => (
              <>
                <ul className="partner-list">
                  {data.partners.map((name) => (
                    <li key={name}>{name}</li>
                  ))}
                </ul>
                <SampleMark sample={data.sample} />
              </>
            )}
          </Loaded>
        </div>
      </section>
    </main>
  );
}

/**
 * §7 home call `link/index.do` (query-api content README "Home bands"): what the link-node
 * service answers, as the query catalogue declares it — the interfaces and their paths.
 */
function LinkBand() {
  const t = useDict();
  const locale = useLocale();
  const band = useContent<LinkBandData>(calls.linkBand());
  return (
    <section className="section" aria-label={t.home.linkTitle}>
      <div className="container">
        <h2 className="section-title">{t.home.linkTitle}</h2>
        <p className="section-lead">{t.home.linkLead}</p>
        <Loaded entry={band} failure={t.errors.homeFailed}>
          {(data) => (
            <ul className="card-grid four link-band">
              {/* The first eight; the docs centre lists them all. */}
              {data.interfaces.slice(0, 8).map((item) => (
                <li className="card" key={item.code}>
                  <h3>{item.title}</h3>
                  <p>
                    <code>{item.path}</code>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Loaded>
        <p>
          <Link href={pathOf(locale, 'docsCenter', 'logistics2')}>{t.home.linkMore} →</Link>
        </p>
      </div>
    </section>
  );
}

/**
 * §7 home calls `home/settlePlatform.do` and `other/settle.do` (query-api content README "Join
 * pages"): the operator's join pitch with a sign-up form right here, and the way to both join pages.
 */
function SettleBand() {
  const t = useDict();
  const locale = useLocale();
  const band = useContent<SettlePlatformData>(calls.settlePlatform());
  return (
    <section className="section alt" aria-label={t.join.homeTitle}>
      <div className="container">
        <h2 className="section-title">{t.join.homeTitle}</h2>
        <Loaded entry={band}>
          {(data) => (
            <div className="two-columns">
              <div>
                <p className="section-lead">{data.lead}</p>
                <ul className="ticks">
                  {data.benefits.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
                <ol className="steps">
                  {data.steps.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
                <p>
                  <Link href={pathOf(locale, 'partnerIn')}>{t.join.homeMore} →</Link>{' '}
                  <Link href={pathOf(locale, 'joinCentralize')}>{t.join.toCentralize} →</Link>
                </p>
                <SampleMark sample={data.sample} />
              </div>
              <FormView form="signUp" send={calls.settle} />
            </div>
          )}
        </Loaded>
      </div>
    </section>
  );
}
