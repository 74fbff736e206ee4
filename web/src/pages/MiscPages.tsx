import { type FormPage, pathOf } from '../app/routes.ts';
import { useDict, useLocale, useSite } from '../app/state.ts';
import { SampleMark } from '../layout/Chrome.tsx';
import { Link } from '../layout/Link.tsx';
import { headerMenu } from '../layout/menu.ts';
import { PageHero } from './common.tsx';
import { FormView } from './FormView.tsx';
import { OfficeMap } from './OfficeMap.tsx';

export function SitemapPage() {
  const t = useDict();
  const locale = useLocale();
  const menu = headerMenu(locale, t);
  const extra = [
    { text: t.nav.docsCenter, path: pathOf(locale, 'docsCenter', 'logistics') },
    { text: t.nav.ruleCenter, path: pathOf(locale, 'ruleCenter', '5105') },
    { text: t.nav.console, path: pathOf(locale, 'console') },
    { text: t.forms.titles.register, path: pathOf(locale, 'form', 'register') },
    { text: t.nav.partnerIn, path: pathOf(locale, 'partnerIn') },
    { text: t.nav.joinCentralize, path: pathOf(locale, 'joinCentralize') },
    { text: t.nav.financialTechnology, path: pathOf(locale, 'financialTechnology') },
    { text: t.nav.productCross, path: pathOf(locale, 'productCross') },
    { text: t.nav.productOnline, path: pathOf(locale, 'productOnline') },
    { text: t.nav.productPolicy, path: pathOf(locale, 'productPolicy') },
  ];
  return (
    <main id="main" className="page">
      <PageHero title={t.nav.sitemap} />
      <div className="container sitemap">
        {menu.map((entry) => (
          <section key={entry.index}>
            <h2>{entry.path ? <Link href={entry.path}>{entry.label}</Link> : entry.label}</h2>
            {entry.groups?.map((group) => (
              <ul key={group.title}>
                {group.children.map((child) => (
                  <li key={child.index}>
                    <Link href={child.path}>{child.text}</Link>
                  </li>
                ))}
              </ul>
            ))}
          </section>
        ))}
        <section>
          <h2>{t.common.more}</h2>
          <ul>
            {extra.map((item) => (
              <li key={item.path}>
                <Link href={item.path}>{item.text}</Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </main>
  );
}

export function SiteListPage() {
  const t = useDict();
  const locale = useLocale();
  const regionalSites = useSite()?.site.regionalSites ?? [];
  return (
    <main id="main" className="page">
      <PageHero title={t.nav.siteList} lead={t.site.slogan} />
      <div className="container">
        <ul className="card-grid three">
          {regionalSites.map((site) => (
            <li className="card" key={site.id}>
              <h2>{t.nav.cities[site.id]}</h2>
              <p>{site.cities.join(locale === 'cn' ? '、' : ', ')}</p>
              {site.url && (
                <a className="card-link" href={new URL(locale, site.url).href}>
                  {new URL(site.url).host} →
                </a>
              )}
              {site.id === 'yinchuan' && (
                <p>
                  <Link href={pathOf(locale, 'nxIntroduce')}>{t.nav.nxIntroduce}</Link>
                </p>
              )}
            </li>
          ))}
        </ul>
      </div>
    </main>
  );
}

export function ContactUsPage() {
  const t = useDict();
  const site = useSite();
  return (
    <main id="main" className="page">
      <PageHero title={t.nav.contactUs} lead={t.forms.intros.contact} />
      <div className="container two-columns">
        <section aria-labelledby="contact-info">
          <h2 id="contact-info">{t.footer.company}</h2>
          {site && (
            <dl className="contact-list">
              <dt>{t.footer.hotline}</dt>
              <dd>
                <a href={`tel:${site.contact.hotline.replace(/[^\d+]/g, '')}`}>{site.contact.hotline}</a>
              </dd>
              <dt>{t.footer.email}</dt>
              <dd>
                <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>
              </dd>
              <dt>{t.footer.address}</dt>
              <dd>{site.contact.address}</dd>
              <dt>{t.footer.postcode}</dt>
              <dd>{site.contact.postcode}</dd>
            </dl>
          )}
          <SampleMark sample={site?.sample} />
          {site?.site.maps && <OfficeMap maps={site.site.maps} address={site.contact.address} />}
        </section>
        <FormView form="contact" heading={false} />
      </div>
    </main>
  );
}

export function FormRoutePage(props: { form: FormPage }) {
  const t = useDict();
  return (
    <main id="main" className="page">
      <PageHero title={t.forms.titles[props.form]} lead={t.forms.intros[props.form]} />
      <div className="container narrow">
        <FormView form={props.form} heading={false} />
      </div>
    </main>
  );
}
