import { pathOf } from '../app/routes.ts';
import { useDict, useLocale } from '../app/state.ts';
import { type MarketingContent, type MarketingPageId, marketing } from '../content/marketing.ts';
import { Link } from '../layout/Link.tsx';
import { PageHero } from './common.tsx';
import { FormView } from './FormView.tsx';

export function MarketingPage(props: { page: MarketingPageId }) {
  const locale = useLocale();
  const t = useDict();
  const content: MarketingContent = marketing[props.page][locale];
  return (
    <main id="main" className="page">
      <PageHero title={content.title} lead={content.lead}>
        {content.cta && (
          <Link className="btn btn-primary" href={pathOf(locale, content.cta.page, content.cta.param)}>
            {content.cta.text}
          </Link>
        )}
      </PageHero>
      <div className="container">
        {content.sections.map((section) => (
          <section className="section" key={section.heading}>
            <h2 className="section-title left">{section.heading}</h2>
            <ul className={`card-grid ${section.cards.length === 4 ? 'four' : 'three'}`}>
              {section.cards.map((card) => (
                <li className="card" key={card.title}>
                  <h3>{card.title}</h3>
                  <p>{card.text}</p>
                </li>
              ))}
            </ul>
          </section>
        ))}
        {content.form && (
          <section className="section narrow" aria-label={t.forms.titles[content.form]}>
            <FormView form={content.form} />
          </section>
        )}
      </div>
    </main>
  );
}
