import type { AppList, AppProduct, Expert, ProductSectionKey } from '@tradelog/schemas/portal/contentAnswers';
import { StatusError } from '../app/ErrorBoundary.tsx';
import { notFoundText, pathOf } from '../app/routes.ts';
import { useContent, useDict, useLocale } from '../app/state.ts';
import { calls } from '../content/calls.ts';
import { format } from '../i18n/i18n.ts';
import { SampleMark } from '../layout/Chrome.tsx';
import { Link } from '../layout/Link.tsx';
import { Blocks, CardGrid, CardGridPage, formatYuan, Loaded, PageHero } from './common.tsx';

export function MarketplacePage() {
  const t = useDict();
  const locale = useLocale();
  const apps = useContent<AppList>(calls.apps());
  return (
    <main id="main" className="page">
      <PageHero title={t.nav.marketplace} lead={t.home.productsTitle} />
      <div className="container">
        {/* §8 "The request to integrated services failed": the market is the platform's services. */}
        <Loaded entry={apps} failure={t.errors.servicesFailed}>
          {(page) => (
            <>
              {page.list.some((app) => app.sheetSample) && (
                <p className="sample-mark">{t.common.sampleSheet}</p>
              )}
              <CardGrid items={page.list} columns="three" keyOf={(app) => app.id}>
                {(app) => (
                  <>
                    <p className="tag">{app.categoryName}</p>
                    <h2>{app.appName}</h2>
                    <p>{app.appIntroducetion}</p>
                    <ul className="ticks">
                      {app.sellPoints.map((point) => (
                        <li key={point}>{point}</li>
                      ))}
                    </ul>
                    <p className="price">
                      {app.lowestPrice === null
                        ? t.product.priceOnRequest
                        : `${t.product.lowestPrice} ¥${formatYuan(app.lowestPrice, locale)}`}
                    </p>
                    <Link className="card-link" href={pathOf(locale, 'marketplaceDetail', String(app.id))}>
                      {t.common.readMore} →
                    </Link>
                  </>
                )}
              </CardGrid>
            </>
          )}
        </Loaded>
      </div>
    </main>
  );
}

const sectionOrder: ProductSectionKey[] = [
  'introduction',
  'functions',
  'advantages',
  'features',
  'flow',
  'cases',
  'reviews',
  'qa',
  'afterSales',
];

/** A software product page of §9: the ten sections, the last being the price table. */
export function ProductPage(props: { id: string }) {
  const t = useDict();
  const app = useContent<AppProduct>(calls.app(props.id));
  return (
    <main id="main" className="page">
      <Loaded entry={app}>
        {(product) => (
          <>
            <PageHero title={product.appName} lead={product.appIntroducetion}>
              <nav className="section-tabs" aria-label={product.appName}>
                {[...sectionOrder, 'price' as const].map((key) => (
                  <a key={key} href={`#${key}`}>
                    {t.product.sections[key]}
                  </a>
                ))}
              </nav>
            </PageHero>
            <div className="container narrow product">
              {product.mainPics.length > 0 && (
                <section className="product-pictures" aria-label={product.appName}>
                  {product.mainPics.map((picture) => (
                    <figure key={picture.id}>
                      <img src={picture.url} alt={picture.title} loading="lazy" width={640} height={360} />
                      <figcaption>{picture.title}</figcaption>
                    </figure>
                  ))}
                  <SampleMark sample={product.sample} />
                </section>
              )}
              {sectionOrder.map((key) => (
                <ProductSection key={key} product={product} section={key} />
              ))}
              <PriceSection product={product} />
            </div>
          </>
        )}
      </Loaded>
    </main>
  );
}

/** One of the product's sections; its cases and reviews are the operator's testimonials, the rest its sheet. */
function ProductSection(props: { product: AppProduct; section: ProductSectionKey }) {
  const t = useDict();
  const { product, section: key } = props;
  return (
    <section id={key} className="product-section" aria-labelledby={`${key}-title`}>
      <h2 id={`${key}-title`}>{t.product.sections[key]}</h2>
      <Blocks blocks={product.sections[key]} />
      {key === 'cases' || key === 'reviews' ? (
        <SampleMark sample={product.sample} />
      ) : (
        product.sheetSample && <p className="sample-mark">{t.common.sampleSheet}</p>
      )}
    </section>
  );
}

/** The last section: each edition's SaaS and on-premise price (or "on request"), the support, and the way to ask. */
function PriceSection(props: { product: AppProduct }) {
  const t = useDict();
  const locale = useLocale();
  const { product } = props;
  return (
    <section id="price" className="product-section" aria-labelledby="price-title">
      <h2 id="price-title">{t.product.sections.price}</h2>
      <div className="table-wrap">
        <table className="price-table">
          <thead>
            <tr>
              <th scope="col">{t.product.edition}</th>
              <th scope="col">{t.product.saas}</th>
              <th scope="col">{t.product.onPremise}</th>
            </tr>
          </thead>
          <tbody>
            {product.prices.length === 0 && (
              <tr>
                <td colSpan={3}>{t.product.priceOnRequest}</td>
              </tr>
            )}
            {product.prices.map((row) => (
              <tr key={row.edition}>
                <th scope="row">{row.edition}</th>
                <td>{row.saas || t.product.notAvailable}</td>
                <td>{row.onPremise || t.product.notAvailable}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        {t.product.support}: {product.support}
      </p>
      <Link className="btn btn-primary" href={pathOf(locale, 'form', 'inquiry')}>
        {t.product.consult}
      </Link>
    </section>
  );
}

export function ExpertsPage() {
  const t = useDict();
  const locale = useLocale();
  const experts = useContent<Expert[]>(calls.experts());
  return (
    <CardGridPage
      title={t.experts.title}
      lead={t.experts.lead}
      entry={experts}
      items={(list) => list}
      columns="four"
      keyOf={(expert) => expert.id}
      cardClass="card expert-card"
      card={(expert) => (
        <>
          <span className="avatar" aria-hidden="true">
            {expert.name.slice(0, 1)}
          </span>
          <h2>{expert.name}</h2>
          <p className="muted">
            {expert.title} · {expert.organisation}
          </p>
          <SampleMark sample={expert.sample} />
          <p>
            {t.experts.field}: {expert.fields.join(' · ')}
          </p>
          <Link className="card-link" href={pathOf(locale, 'specialistOnlineDetail', String(expert.id))}>
            {t.common.readMore} →
          </Link>
        </>
      )}
    />
  );
}

export function ExpertDetailPage(props: { id: string }) {
  const t = useDict();
  const locale = useLocale();
  const experts = useContent<Expert[]>(calls.experts());
  return (
    <main id="main" className="page">
      <Loaded entry={experts}>
        {(list) => {
          const expert = list.find((item) => String(item.id) === props.id);
          if (!expert) throw new StatusError(404, notFoundText);
          return (
            <>
              <PageHero title={expert.name} lead={`${expert.title} · ${expert.organisation}`} />
              <div className="container narrow">
                <SampleMark sample={expert.sample} />
                <p>{expert.bio}</p>
                <dl className="figures">
                  <div>
                    <dt>{t.experts.field}</dt>
                    <dd>{expert.fields.join(' · ')}</dd>
                  </div>
                  <div>
                    <dt>{t.experts.years}</dt>
                    <dd>{format(t.experts.yearsUnit, { years: expert.years })}</dd>
                  </div>
                </dl>
                <ul>
                  {expert.topics.map((topic) => (
                    <li key={topic}>{topic}</li>
                  ))}
                </ul>
                <Link className="btn btn-primary" href={pathOf(locale, 'serviceAsk')}>
                  {t.experts.consult}
                </Link>
              </div>
            </>
          );
        }}
      </Loaded>
    </main>
  );
}
