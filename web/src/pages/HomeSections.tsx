import type { HomeData } from '@tradelog/schemas/portal/contentAnswers';
import type { ReactNode } from 'react';
import { pathOf } from '../app/routes.ts';
import { useDict, useLocale } from '../app/state.ts';
import { marketing } from '../content/marketing.ts';
import { SampleMark } from '../layout/Chrome.tsx';
import { Link } from '../layout/Link.tsx';
import type { Entry } from '../stores/content.ts';
import { Loaded } from './common.tsx';
import { FinanceCard } from './FinancePages.tsx';

/** The §7 home call's answer; each section shows its part once it is there, or the §8 failure. */
type HomeEntry = Entry<HomeData> | undefined;

/** A section's part of the home call's answer, or the §8 home failure every section says alike. */
function HomeLoaded(props: { home: HomeEntry; children: (data: HomeData) => ReactNode }) {
  const t = useDict();
  return (
    <Loaded entry={props.home} failure={t.errors.homeFailed}>
      {props.children}
    </Loaded>
  );
}

/**
 * A home page band: a section with its centred title, a lead when it has one, then the band's
 * own content; `labelled` names the section by its title too.
 */
export function HomeBand(props: {
  className: string;
  title: string;
  lead?: string;
  labelled?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={props.className} aria-label={props.labelled ? props.title : undefined}>
      <div className="container">
        <h2 className="section-title">{props.title}</h2>
        {props.lead !== undefined && <p className="section-lead">{props.lead}</p>}
        {props.children}
      </div>
    </section>
  );
}

const scenarioPages = ['digitalOperation', 'digitalFinance', 'digitalInsurance', 'digitalTaxation'] as const;

export function HeroSection(props: { home: HomeEntry }) {
  const t = useDict();
  const locale = useLocale();
  return (
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
        <HomeLoaded home={props.home}>
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
        </HomeLoaded>
      </div>
    </section>
  );
}

/** The four scenario pages, each by the title and lead of its own marketing copy. */
export function ScenarioSection() {
  const t = useDict();
  const locale = useLocale();
  return (
    <HomeBand className="section" title={t.home.scenariosTitle}>
      <ul className="card-grid four">
        {scenarioPages.map((page) => {
          const content = marketing[page][locale];
          return (
            <li key={page} className="card">
              <h3>{content.title}</h3>
              <p>{content.lead}</p>
              <Link href={pathOf(locale, page)} className="card-link">
                {t.common.readMore} →
              </Link>
            </li>
          );
        })}
      </ul>
    </HomeBand>
  );
}

export function FinanceSection(props: { home: HomeEntry }) {
  const t = useDict();
  const locale = useLocale();
  return (
    <HomeBand className="section alt" title={t.home.financeTitle} lead={t.home.financeLead}>
      <HomeLoaded home={props.home}>
        {(data) => (
          <ul className="card-grid three">
            {data.finance.map((product) => (
              <FinanceCard key={product.slug} product={product} heading="h3" />
            ))}
          </ul>
        )}
      </HomeLoaded>
      <p className="center">
        <Link className="btn btn-primary" href={pathOf(locale, 'cloudFinance')}>
          {t.home.financeCta}
        </Link>
      </p>
    </HomeBand>
  );
}

export function ProductsAndNewsSection(props: { home: HomeEntry }) {
  const t = useDict();
  const locale = useLocale();
  return (
    <section className="section">
      <div className="container two-columns">
        <div>
          <h2 className="section-title left">{t.home.productsTitle}</h2>
          <HomeLoaded home={props.home}>
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
          </HomeLoaded>
        </div>
        <div>
          <h2 className="section-title left">{t.home.newsTitle}</h2>
          <HomeLoaded home={props.home}>
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
          </HomeLoaded>
        </div>
      </div>
    </section>
  );
}

export function ExpertsSection(props: { home: HomeEntry }) {
  const t = useDict();
  const locale = useLocale();
  return (
    <HomeBand className="section alt" title={t.home.expertsTitle}>
      <HomeLoaded home={props.home}>
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
      </HomeLoaded>
    </HomeBand>
  );
}

export function PartnersSection(props: { home: HomeEntry }) {
  const t = useDict();
  return (
    <HomeBand className="section partners" title={t.home.partnersTitle}>
      <HomeLoaded home={props.home}>
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
      </HomeLoaded>
    </HomeBand>
  );
}
