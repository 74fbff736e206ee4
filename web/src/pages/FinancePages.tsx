import type { FinanceCategories, FinanceProduct, Option } from '@tradelog/schemas/portal/contentAnswers';
import { useLocation, useSearch } from 'wouter';
import { pathOf } from '../app/routes.ts';
import { useContent, useDict, useLocale } from '../app/state.ts';
import { calls } from '../content/calls.ts';
import { format } from '../i18n/i18n.ts';
import { SampleMark } from '../layout/Chrome.tsx';
import { Link } from '../layout/Link.tsx';
import { formatLimit, Loaded, PageHero } from './common.tsx';

/** A product's rate range and maximum limit, as entries of a `figures` list. */
function RateAndLimit(props: { product: FinanceProduct }) {
  const t = useDict();
  const locale = useLocale();
  const { product } = props;
  return (
    <>
      <div>
        <dt>{t.finance.rate}</dt>
        <dd>
          {product.rateMin}%–{product.rateMax}%
        </dd>
      </div>
      <div>
        <dt>{t.finance.limit}</dt>
        <dd>{formatLimit(product.limitWan, locale)}</dd>
      </div>
    </>
  );
}

/**
 * A cloud-finance product's card, on the home page and in the list. `detailed` adds the summary
 * and the data the product needs (the list's card); `heading` fits the page's outline.
 */
export function FinanceCard(props: { product: FinanceProduct; heading: 'h2' | 'h3'; detailed?: boolean }) {
  const t = useDict();
  const locale = useLocale();
  const { product, detailed = false } = props;
  const Heading = props.heading;
  return (
    <li className="card finance-card" data-testid={detailed ? 'finance-product' : undefined}>
      <p className="tag">{product.institutionName}</p>
      <Heading>
        {product.name}
        {product.hot && <span className="hot">{t.nav.hot}</span>}
      </Heading>
      {detailed && <p>{product.summary}</p>}
      <SampleMark sample={product.sample} />
      <dl className="figures">
        <RateAndLimit product={product} />
      </dl>
      {detailed && (
        <p className="muted small">
          {t.finance.needs}: {product.dataTypeNames.join(' · ')}
        </p>
      )}
      <Link className="card-link" href={pathOf(locale, 'cloudFinanceDetail', product.slug)}>
        {t.common.readMore} →
      </Link>
    </li>
  );
}

/**
 * The cloud-finance list with the two-level filter of §9: data type first, institution second.
 * The chosen filter lives in the query string so a filtered list can be linked and reloaded.
 */
function FilterRow(props: {
  label: string;
  name: string;
  options: Option[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className="filter-row">
      <legend>{props.label}</legend>
      <div className="chips">
        {props.options.map((option) => (
          <label key={option.value} className={`chip${props.value === option.value ? ' active' : ''}`}>
            <input
              type="radio"
              name={props.name}
              value={option.value}
              checked={props.value === option.value}
              onChange={() => props.onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function FinanceListPage() {
  const t = useDict();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const dataType = params.get('dataType') ?? 'all';
  const institution = params.get('institution') ?? 'all';
  const categories = useContent<FinanceCategories>(calls.financeCategories());
  const products = useContent<FinanceProduct[]>(calls.financeProducts(dataType, institution));
  const choose = (key: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value === 'all') next.delete(key);
    else next.set(key, value);
    const query = next.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };
  return (
    <main id="main" className="page">
      <PageHero title={t.finance.title} lead={t.finance.lead} />
      <div className="container">
        <Loaded entry={categories}>
          {(cats) => (
            <div className="filters">
              <FilterRow
                label={t.finance.dataType}
                name="dataType"
                options={cats.dataTypes}
                value={dataType}
                onChange={(value) => choose('dataType', value)}
              />
              <FilterRow
                label={t.finance.institution}
                name="institution"
                options={cats.institutions}
                value={institution}
                onChange={(value) => choose('institution', value)}
              />
            </div>
          )}
        </Loaded>
        <Loaded entry={products}>
          {(list) => (
            <>
              <p className="result-count" role="status" data-testid="finance-count">
                {format(t.finance.count, { count: list.length })}
              </p>
              <ul className="card-grid three finance-list">
                {list.map((product) => (
                  <FinanceCard key={product.slug} product={product} heading="h2" detailed />
                ))}
              </ul>
            </>
          )}
        </Loaded>
      </div>
    </main>
  );
}

export function FinanceDetailPage(props: { slug: string }) {
  const t = useDict();
  const locale = useLocale();
  const products = useContent<FinanceProduct[]>(calls.financeProduct(props.slug));
  return (
    <main id="main" className="page">
      <Loaded entry={products}>
        {(list) => {
          const product = list[0];
          if (!product) return <p className="container">{t.common.empty}</p>;
          return (
            <>
              <PageHero title={product.name} lead={product.summary}>
                <dl className="figures hero-figures">
                  <RateAndLimit product={product} />
                  <div>
                    <dt>{t.finance.term}</dt>
                    <dd>{locale === 'cn' ? `${product.termMonths} 个月` : `${product.termMonths} months`}</dd>
                  </div>
                  <div>
                    <dt>{t.finance.guarantee}</dt>
                    <dd>{product.guarantee}</dd>
                  </div>
                </dl>
                <Link className="btn btn-primary" href={pathOf(locale, 'serviceAsk')}>
                  {t.finance.apply}
                </Link>
              </PageHero>
              <div className="container">
                <div className="card-grid three">
                  {(
                    [
                      [t.finance.features, product.features],
                      [t.finance.conditions, product.conditions],
                      [t.finance.process, product.process],
                    ] as const
                  ).map(([title, items]) => (
                    <section key={title} className="card">
                      <h2>{title}</h2>
                      <ul>
                        {items.map((item) => (
                          <li key={item}>{item}</li>
                        ))}
                      </ul>
                    </section>
                  ))}
                </div>
                <p className="muted">
                  {product.institutionName} · {t.finance.needs}: {product.dataTypeNames.join(' · ')}
                </p>
              </div>
            </>
          );
        }}
      </Loaded>
    </main>
  );
}
