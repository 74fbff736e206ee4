import type { HomeData, LinkBandData, SettlePlatformData } from '@tradelog/schemas/portal/contentAnswers';
import { pathOf } from '../app/routes.ts';
import { useContent, useDict, useLocale } from '../app/state.ts';
import { calls } from '../content/calls.ts';
import { SampleMark } from '../layout/Chrome.tsx';
import { Link } from '../layout/Link.tsx';
import { Loaded } from './common.tsx';
import { FormView } from './FormView.tsx';
import {
  ExpertsSection,
  FinanceSection,
  HeroSection,
  HomeBand,
  PartnersSection,
  ProductsAndNewsSection,
  ScenarioSection,
} from './HomeSections.tsx';

/**
 * The home page: a plain list of its sections. The home call is made here, once, and handed to
 * the sections that show its parts; the bands make their own calls.
 */
export function HomePage() {
  const home = useContent<HomeData>(calls.home());
  return (
    <main id="main" className="home">
      <HeroSection home={home} />
      <ScenarioSection />
      <FinanceSection home={home} />
      <ProductsAndNewsSection home={home} />
      <ExpertsSection home={home} />
      <LinkBand />
      <SettleBand />
      <PartnersSection home={home} />
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
    <HomeBand className="section" title={t.home.linkTitle} lead={t.home.linkLead} labelled>
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
    </HomeBand>
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
    <HomeBand className="section alt" title={t.join.homeTitle} labelled>
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
    </HomeBand>
  );
}
