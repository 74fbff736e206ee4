import type { JoinPageData } from '@tradelog/schemas/portal/contentAnswers';
import { pathOf } from '../app/routes.ts';
import { useContent, useDict, useLocale } from '../app/state.ts';
import { calls } from '../content/calls.ts';
import { industryOptions } from '../forms/validation.ts';
import { SampleMark } from '../layout/Chrome.tsx';
import { Link } from '../layout/Link.tsx';
import { Loaded, PageHero } from './common.tsx';
import { FormView } from './FormView.tsx';

/**
 * The join pages (§7 `joinus/index.do`, `joinus/centralize.do`; query-api content README "Join
 * pages"): the operator's texts, then the form that sends the application as a lead. A provider
 * joins on its own at /PartnerIn with the §8 "join" form (§7 `other/joinOrigin.do`); an organisation applies for its members
 * at /PartnerIn/centralize. Each page links to the other, so a visitor who landed on the wrong
 * one needs no menu.
 */
export function JoinPage(props: { page: 'index' | 'centralize' }) {
  const t = useDict();
  const locale = useLocale();
  const entry = useContent<JoinPageData>(calls.join(props.page));
  const centralize = props.page === 'centralize';
  const form = centralize ? 'centralize' : 'signUp';
  return (
    <main id="main" className="page">
      <Loaded entry={entry}>
        {(join) => (
          <>
            <PageHero title={centralize ? t.join.centralizeTitle : t.join.title} lead={join.lead}>
              <Link className="btn" href={pathOf(locale, centralize ? 'partnerIn' : 'joinCentralize')}>
                {centralize ? t.join.toIndex : t.join.toCentralize}
              </Link>
            </PageHero>
            <div className="container">
              <SampleMark sample={join.sample} />
              <JoinList
                heading={centralize ? t.join.centralizeAudiences : t.join.audiences}
                items={join.audiences}
              />
              {join.roles && (
                <JoinList
                  heading={t.join.roles}
                  items={industryOptions
                    .filter((option) => join.roles?.some((role) => role.value === option))
                    .map((option) => t.forms.industries[option])}
                />
              )}
              <JoinList heading={t.join.benefits} items={join.benefits} />
              <section className="section" aria-label={t.join.steps}>
                <h2 className="section-title left">{t.join.steps}</h2>
                <ol className="steps">
                  {join.steps.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
              </section>
              <section className="section narrow" aria-label={t.forms.titles[form]}>
                <FormView form={form} send={centralize ? undefined : calls.joinOrigin} />
              </section>
            </div>
          </>
        )}
      </Loaded>
    </main>
  );
}

function JoinList(props: { heading: string; items: string[] }) {
  if (props.items.length === 0) return null;
  return (
    <section className="section" aria-label={props.heading}>
      <h2 className="section-title left">{props.heading}</h2>
      <ul className="ticks">
        {props.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}
