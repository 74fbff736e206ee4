import type { SiteData } from '@tradelog/schemas/portal/contentAnswers';
import { useEffect, useRef } from 'react';
import { type PageId, pathOf } from '../app/routes.ts';
import {
  layoutStore,
  locationStore,
  useContent,
  useDict,
  useLayout,
  useLocale,
  useLocation2,
  useSession,
  useSite,
} from '../app/state.ts';
import { calls } from '../content/calls.ts';
import { format } from '../i18n/i18n.ts';
import { regionalSiteUrl } from '../stores/location.ts';
import { Dialog } from './Dialog.tsx';
import { lineIcon } from './icons.tsx';
import { Link } from './Link.tsx';
import { chatUrl } from './menu.ts';
import { QrCode } from './QrCode.tsx';

/** §2's footer legal links: which rule-centre article each is, the server's (`meet/legalize.do`). */
interface LegalLink {
  key: 'privacy' | 'legalStatement' | 'dataSecurity' | 'intellectualProperty';
  id: number;
}

/** Beside whatever the operator's content fills while it is still the shipped sample (README "Operator content"). */
export function SampleMark(props: { sample: boolean | undefined }) {
  const t = useDict();
  return props.sample ? <p className="sample-mark">{t.common.sample}</p> : null;
}

const telOf = (number: string) => `tel:${number.replace(/[^\d+]/g, '')}`;

export function Footer() {
  const t = useDict();
  const locale = useLocale();
  const site = useSite();
  const contact = site?.contact;
  const legal = useContent<LegalLink[]>(calls.legalLinks());
  const legalLinks = legal?.status === 'ready' ? legal.value : [];
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <section>
          <p className="footer-brand">{t.site.fullName}</p>
          <p>{t.site.slogan}</p>
          {contact?.hotline && (
            <p>
              {t.footer.hotline}: <a href={telOf(contact.hotline)}>{contact.hotline}</a>
            </p>
          )}
        </section>
        <FooterNav
          title={t.footer.products}
          links={[
            { path: pathOf(locale, 'marketplace'), text: t.nav.marketplace },
            { path: pathOf(locale, 'cloudFinance'), text: t.nav.cloudFinance },
            { path: pathOf(locale, 'toolCloud'), text: t.nav.toolCloud },
            { path: pathOf(locale, 'technologyPlatform'), text: t.nav.openPlatform },
          ]}
        />
        <FooterNav
          title={t.footer.support}
          links={[
            { path: pathOf(locale, 'helpCenterIndex'), text: t.nav.helpCenter },
            { path: pathOf(locale, 'docsCenter', 'logistics'), text: t.nav.docsCenter },
            { path: pathOf(locale, 'contactUs'), text: t.nav.contactUs },
            { path: pathOf(locale, 'sitemap'), text: t.nav.sitemap },
          ]}
        />
        <FooterContact contact={contact} sample={site?.sample} />
      </div>
      <FooterLegal links={legalLinks} />
    </footer>
  );
}

/** A footer column of links under its title, which also names the navigation. */
function FooterNav(props: { title: string; links: { path: string; text: string }[] }) {
  return (
    <nav aria-label={props.title}>
      <p className="footer-title">{props.title}</p>
      <ul>
        {props.links.map((link) => (
          <li key={link.path}>
            <Link href={link.path}>{link.text}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The company's address, email and postcode (the operator's content), once loaded. */
function FooterContact(props: { contact: SiteData['contact'] | undefined; sample: boolean | undefined }) {
  const t = useDict();
  const { contact } = props;
  return (
    <section className="footer-contact">
      <p className="footer-title">{t.footer.company}</p>
      {contact && (
        <>
          <p>
            {t.footer.address}: {contact.address}
          </p>
          <p>
            {t.footer.email}: <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </p>
          <p>
            {t.footer.postcode}: {contact.postcode}
          </p>
          <SampleMark sample={props.sample} />
        </>
      )}
    </section>
  );
}

/** The legal links the server lists, each to its rule-centre article, and the copyright. */
function FooterLegal(props: { links: readonly LegalLink[] }) {
  const t = useDict();
  const locale = useLocale();
  const labels: Record<LegalLink['key'], string> = {
    privacy: t.footer.privacy,
    legalStatement: t.footer.legal,
    dataSecurity: t.footer.dataSecurity,
    intellectualProperty: t.footer.intellectualProperty,
  };
  return (
    <div className="footer-legal">
      {props.links.map((link) => (
        <Link key={link.key} href={pathOf(locale, 'ruleCenter', String(link.id))}>
          {labels[link.key]}
        </Link>
      ))}
      <span>{t.footer.copyright}</span>
    </div>
  );
}

const icon = (d: string) => lineIcon(d, 'side-icon');
const chatIcon = icon('M4 5h16v11H9l-5 4z M8 10h8 M8 13h5');
const courseIcon = icon('M3 8l9-4 9 4-9 4z M7 10v5c3 2 7 2 10 0v-5');
const topIcon = icon('M12 19V5 M6 11l6-6 6 6');

/** §2 side panel: hover popups on desktop, tap toggles with a dismissing mask on mobile. */
export function SidePanel() {
  const t = useDict();
  const popup = useLayout((state) => state.sidePopup);
  const offset = useLayout((state) => state.scrollOffset);
  const store = layoutStore.getState();
  // §3 float items; each scan code leads where the operator set it (`site.scanCodes`), or is not offered.
  const scanCodes = useSite()?.site.scanCodes;
  const items = [
    {
      type: 'consult' as const,
      text: t.side.consult,
      tip: t.side.consultTip,
      qrcode: scanCodes?.consult,
      icon: chatIcon,
    },
    {
      type: 'course' as const,
      text: t.side.course,
      tip: t.side.courseTip,
      qrcode: scanCodes?.course,
      icon: courseIcon,
    },
  ].flatMap((item) => (item.qrcode ? [{ ...item, qrcode: item.qrcode }] : []));
  return (
    <aside className="side-panel" aria-label={t.side.consult}>
      {popup && (
        <button
          type="button"
          className="side-mask"
          aria-label={t.side.dismiss}
          onClick={() => store.dismissSidePopup()}
        />
      )}
      <ul>
        {items.map((item) => (
          <li key={item.type} className={`side-item${popup === item.type ? ' open' : ''}`}>
            <button
              type="button"
              aria-label={item.text}
              aria-expanded={popup === item.type}
              aria-controls={`side-pop-${item.type}`}
              onClick={() => store.toggleSidePopup(item.type)}
            >
              {item.icon}
              <span className="side-text">{item.text}</span>
            </button>
            <div className="side-pop" id={`side-pop-${item.type}`}>
              <QrCode value={item.qrcode} label={item.tip} size={120} />
              <p>{item.tip}</p>
              {item.type === 'consult' && (
                <button type="button" className="link-button" onClick={() => store.openConsult()}>
                  {t.consultDialog.title}
                </button>
              )}
            </div>
          </li>
        ))}
        {offset !== 0 && (
          <li className="side-item">
            <button
              type="button"
              aria-label={t.side.top}
              onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
            >
              {topIcon}
              <span className="side-text">{t.side.top}</span>
            </button>
          </li>
        )}
      </ul>
    </aside>
  );
}

/** §2: scan-code dialog, no standard close button, no outside-click close, own close control, 30% wide, 25vh down. */
export function ConsultDialog() {
  const t = useDict();
  const open = useLayout((state) => state.consultOpen);
  const adviser = useSite()?.site.scanCodes?.consult;
  return (
    <Dialog
      open={open}
      labelledBy="consult-title"
      describedBy="consult-body"
      onClose={() => layoutStore.getState().closeConsult()}
      className="consult-dialog"
    >
      <h2 id="consult-title">{t.consultDialog.title}</h2>
      <p id="consult-body">{t.consultDialog.body}</p>
      {adviser && <QrCode value={adviser} label={t.consultDialog.qrAlt} size={180} />}
      <button type="button" className="consult-close" onClick={() => layoutStore.getState().closeConsult()}>
        {t.consultDialog.close}
      </button>
    </Dialog>
  );
}

export function CityDialog() {
  const t = useDict();
  const open = useLocation2((state) => state.open);
  const suggested = useLocation2((state) => state.suggested);
  const target = useLocation2((state) => state.target);
  const city = useLocation2((state) => state.city);
  const close = () => locationStore.getState().close();
  if (!target) return null;
  const siteName = t.nav.cities[target.id];
  return (
    <Dialog open={open} labelledBy="city-title" describedBy="city-body" onClose={close}>
      <h2 id="city-title">{t.cityDialog.title}</h2>
      <p id="city-body">
        {suggested && city ? format(t.cityDialog.detected, { city, site: siteName }) : t.cityDialog.unknown}
      </p>
      <div className="dialog-actions">
        <a className="btn btn-primary" href={regionalSiteUrl(target)}>
          {format(t.cityDialog.go, { site: siteName })}
        </a>
        <button type="button" className="btn" onClick={close}>
          {t.cityDialog.stay}
        </button>
      </div>
    </Dialog>
  );
}

/** §9: progress bar over 5000 ms, updated at most every 200 ms. */
export function ProgressBar() {
  const progress = useLayout((state) => state.progress);
  const active = progress !== null;
  const started = useRef(0);
  useEffect(() => {
    if (!active) return;
    started.current = performance.now();
    const timer = window.setInterval(
      () => layoutStore.getState().advanceProgress(performance.now() - started.current),
      200,
    );
    return () => window.clearInterval(timer);
  }, [active]);
  return (
    <div
      className="progress"
      role="progressbar"
      aria-hidden={progress === null}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round((progress ?? 0) * 100)}
    >
      <div
        className="progress-bar"
        style={{ transform: `scaleX(${progress ?? 0})`, opacity: progress === null ? 0 : 1 }}
      />
    </div>
  );
}

/** Shown only when the SEO flag is on (§2); the flag is a build-time setting (README). */
export const seoBreadcrumb = import.meta.env.VITE_SEO_BREADCRUMB !== 'false';

export function Breadcrumb(props: { trail: { text: string; path?: string }[] }) {
  const t = useDict();
  const locale = useLocale();
  if (!seoBreadcrumb || props.trail.length === 0) return null;
  return (
    <nav className="breadcrumb" aria-label={t.nav.breadcrumb}>
      <ol>
        <li>
          <Link href={pathOf(locale, 'home')}>{t.nav.home}</Link>
        </li>
        {props.trail.map((item, index) => (
          <li
            key={item.text + (item.path ?? '')}
            aria-current={index === props.trail.length - 1 ? 'page' : undefined}
          >
            {item.path && index < props.trail.length - 1 ? (
              <Link href={item.path}>{item.text}</Link>
            ) : (
              item.text
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function ServiceButtons(props: { page: PageId }) {
  const t = useDict();
  const userName = useSession((state) => state.userName);
  const mobile = typeof window !== 'undefined' && window.matchMedia('(max-width: 799px)').matches;
  const site = useSite();
  const chat = chatUrl(window.location.host, site?.site.chat);
  const hotline = site?.contact.hotline;
  return (
    <div className="service-buttons">
      {chat && (
        <a className="service-chat" href={chat} target="_blank" rel="noopener noreferrer">
          {t.nav.service}
        </a>
      )}
      {/* §2: the phone button is hidden on mobile when a user is logged in. */}
      {hotline && !(mobile && userName) && props.page !== 'contactUs' && (
        <a className="service-phone" href={telOf(hotline)}>
          {t.nav.phone}
        </a>
      )}
    </div>
  );
}
