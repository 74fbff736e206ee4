import type { RegionalSiteSetting } from '@tradelog/schemas/portal/content';
import { Suspense, useEffect } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { calls } from '../content/calls.ts';
import { contentCall } from '../http/request.ts';
import {
  Breadcrumb,
  CityDialog,
  ConsultDialog,
  Footer,
  ProgressBar,
  ServiceButtons,
  SidePanel,
} from '../layout/Chrome.tsx';
import { Header } from '../layout/Header.tsx';
import { analyticsScripts, embeddedByProduct } from '../layout/menu.ts';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { renderPage, trailOf } from '../pages/registry.tsx';
import { sessionFromQuery, withoutSessionParam } from '../stores/session.ts';
import { browserStorage } from '../stores/storage.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { pageViewsToReport } from './loading.ts';
import { type PageMatch, redirectTarget, resolvePath } from './routes.ts';
import {
  contentStore,
  handOverSession,
  layoutStore,
  localeStore,
  locationStore,
  refreshSession,
  request,
  useContent,
  useDict,
  useLocale,
  useSite,
} from './state.ts';

/**
 * §4 login state. A SESSION on the query string (base64) is handed to the content API once and
 * removed from the address bar; then user info decides. The cookie is HttpOnly (README "Login
 * state"), so the page cannot see whether one exists: it always asks.
 */
function useLoginState(page: string) {
  // Once per load: the session does not change while the page lives.
  // biome-ignore lint/correctness/useExhaustiveDependencies: run once per page load
  useEffect(() => {
    const fromQuery = sessionFromQuery(window.location.search);
    if (fromQuery) {
      window.history.replaceState(window.history.state, '', withoutSessionParam(window.location.href));
      void handOverSession(fromQuery, page);
    } else void refreshSession(page);
  }, []);
}

/** §4: the city dialog is considered on the home page only, from the IP-location call. */
function useCityCheck(isHome: boolean, sites: readonly RegionalSiteSetting[] | undefined) {
  useEffect(() => {
    if (!isHome || !sites) return;
    const controller = new AbortController();
    contentCall<[string, { cityName?: string }]>(request, {
      ...calls.ipCity(),
      signal: controller.signal,
    }).then(
      (answer) =>
        locationStore.getState().consider({
          sites,
          host: window.location.host,
          city: answer?.[1]?.cityName || undefined,
          now: Date.now(),
        }),
      // §4: "If no location result arrives, the visitor is simply forwarded."
      () => undefined,
    );
    return () => controller.abort();
  }, [isHome, sites]);
}

/** The web analytics service's command queue (`_hmt`), which its script reads once loaded. */
const analyticsQueue = () => (window as { _hmt?: unknown[] })._hmt;

/** §7: the analytics scripts the operator configured, loaded once, and only on its hosts. */
function useAnalytics(analytics: { hosts: string[]; scripts: string[] } | undefined) {
  useEffect(() => {
    const scripts = analyticsScripts(window.location.host, analytics);
    // The queue exists before its script, as the service's snippet makes it: page views wait in it.
    // The settings arrive after the first route change, whose view is reported now.
    if (scripts.length > 0 && !analyticsQueue()) {
      (window as { _hmt?: unknown[] })._hmt = [];
      reportPageViews({ path: window.location.pathname, at: Date.now() });
    }
    for (const src of scripts) {
      if (document.querySelector(`script[src="${CSS.escape(src)}"]`)) continue;
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      document.head.append(script);
    }
  }, [analytics]);
}

/** §2: keywords per route, from the content API (the operator's, by page id). */
function useKeywords(page: string) {
  const entry = useContent<Record<string, string>>(calls.keywords());
  const keywords = entry?.status === 'ready' ? (entry.value[page] ?? entry.value.home ?? '') : '';
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="keywords"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'keywords';
      document.head.append(meta);
    }
    meta.content = keywords;
  }, [keywords]);
}

const trackingStorage = browserStorage();
/**
 * §2 "each route change reports a page view"; §4 "offline tracking": a view made offline is
 * kept (loading.ts) and reported when the connection returns (the `online` listener in App).
 * Nothing is kept where no analytics is configured (no queue).
 */
function reportPageViews(view?: { path: string; at: number }) {
  const queue = analyticsQueue();
  if (!Array.isArray(queue)) return;
  for (const due of pageViewsToReport(trackingStorage, view, navigator.onLine)) {
    queue.push(['_trackPageview', due.path]);
  }
}

/** §2: scroll to the top on every route change, report a page view, run the loading bar. */
function useNavigationEffects(location: string) {
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
    layoutStore.getState().startProgress();
    reportPageViews({ path: location, at: Date.now() });
    const finishWhenLoaded = () => {
      const loading = Object.values(contentStore.getState().entries).some(
        (entry) => entry.status === 'loading',
      );
      if (!loading) layoutStore.getState().finishProgress();
      return !loading;
    };
    const frame = requestAnimationFrame(() => {
      if (finishWhenLoaded()) return;
      unsubscribe = contentStore.subscribe(() => {
        if (finishWhenLoaded()) unsubscribe?.();
      });
    });
    let unsubscribe: (() => void) | undefined;
    return () => {
      cancelAnimationFrame(frame);
      unsubscribe?.();
    };
  }, [location]);
  useEffect(() => {
    const online = () => reportPageViews();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);
  useEffect(() => {
    const onScroll = () => layoutStore.getState().scrolled(window.scrollY);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
}

function PageShell(props: { match: PageMatch; location: string }) {
  const t = useDict();
  const locale = useLocale();
  const search = useSearch();
  const embedded = embeddedByProduct(search);
  const { match } = props;
  const site = useSite();
  useLoginState(match.page);
  useCityCheck(match.page === 'home', site?.site.regionalSites);
  useAnalytics(site?.site.analytics);
  useKeywords(match.page);
  const trail = trailOf(match, locale, t);
  useEffect(() => {
    const title = trail.at(-1)?.text;
    document.title =
      title && match.page !== 'home'
        ? `${title} - ${t.site.fullName}`
        : `${t.site.fullName} - ${t.site.slogan}`;
    document.documentElement.lang = locale === 'cn' ? 'zh-CN' : 'en';
  });
  return (
    <>
      <a className="skip-link" href="#main">
        {t.site.skip}
      </a>
      <ProgressBar />
      {!embedded && <Header page={match.page} />}
      {match.page !== 'home' && <Breadcrumb trail={trail} />}
      <ErrorBoundary resetKey={props.location}>
        <Suspense
          fallback={
            <main id="main" className="page loading-page">
              {t.common.loading}
            </main>
          }
        >
          {renderPage(match)}
        </Suspense>
      </ErrorBoundary>
      <Footer />
      <SidePanel />
      {!embedded && <ServiceButtons page={match.page} />}
      <ConsultDialog />
      <CityDialog />
    </>
  );
}

export function App() {
  const [location] = useLocation();
  const search = useSearch();
  const resolution = resolvePath(location, localeStore.getState().locale);
  useNavigationEffects(location);
  useEffect(() => {
    if (resolution.kind === 'page' && localeStore.getState().locale !== resolution.locale) {
      localeStore.getState().setLocale(resolution.locale);
    }
  });
  if (resolution.kind === 'redirect') return <Redirect to={redirectTarget(resolution.to, search)} replace />;
  if (resolution.kind === 'notFound') return <NotFoundPage message={resolution.message} />;
  // The locale of the URL is applied before rendering so the first paint is in the right language.
  if (localeStore.getState().locale !== resolution.locale)
    localeStore.getState().setLocale(resolution.locale);
  return <PageShell match={resolution.match} location={location} />;
}
