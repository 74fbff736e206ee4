import { lazy, type ReactNode } from 'react';
import { registerPageLoader } from '../app/loading.ts';
import { type FormPage, type Locale, type PageMatch, pathOf } from '../app/routes.ts';
import { isMarketingPage, marketing } from '../content/marketing.ts';
import type { Dict } from '../i18n/i18n.ts';
import { ArticleDetailPage, ArticleListPage } from './ArticlePages.tsx';
import { FinanceDetailPage, FinanceListPage } from './FinancePages.tsx';
import { HelpPage } from './HelpPages.tsx';
import { HomePage } from './HomePage.tsx';
import { JoinPage } from './JoinPages.tsx';
import { CourseLiveDetailPage, CourseLivePage, ShowRoomPage } from './LivePages.tsx';
import { MarketingPage } from './MarketingPage.tsx';
import { ExpertDetailPage, ExpertsPage, MarketplacePage, ProductPage } from './MarketPages.tsx';
import { ContactUsPage, FormRoutePage, SiteListPage, SitemapPage } from './MiscPages.tsx';
import { ToolCloudDetailPage, ToolCloudPage } from './ToolPages.tsx';

// The docs centre pulls in every schema and the console ajv: both load on demand, and a link to
// them fetches them ahead when the visitor points at it (app/loading.ts, §4 prefetch).
const loadDocs = () => import('../docs/DocsPages.tsx');
const loadConsole = () => import('../console/ConsolePages.tsx');
registerPageLoader(['docsCenter', 'docsDetail', 'technologyPlatform'], loadDocs);
registerPageLoader(
  ['console', 'consolePartner', 'consoleLender', 'consoleSubscriber', 'consoleOperator'],
  loadConsole,
);
const DocsCenterPage = lazy(() => loadDocs().then((module) => ({ default: module.DocsCenterPage })));
const DocsDetailPage = lazy(() => loadDocs().then((module) => ({ default: module.DocsDetailPage })));
const TechnologyPlatformPage = lazy(() =>
  loadDocs().then((module) => ({ default: module.TechnologyPlatformPage })),
);
const ConsolePage = lazy(() => loadConsole().then((module) => ({ default: module.ConsolePage })));

export function renderPage(match: PageMatch): ReactNode {
  const { page, param = '' } = match;
  if (isMarketingPage(page)) return <MarketingPage key={page} page={page} />;
  switch (page) {
    case 'home':
      return <HomePage />;
    case 'marketplace':
      return <MarketplacePage />;
    case 'courseLive':
      return <CourseLivePage />;
    case 'courseLiveDetail':
      return <CourseLiveDetailPage />;
    case 'showRoom':
      return <ShowRoomPage />;
    case 'partnerIn':
      return <JoinPage key="index" page="index" />;
    case 'joinCentralize':
      return <JoinPage key="centralize" page="centralize" />;
    case 'toolCloud':
      return <ToolCloudPage />;
    case 'toolCloudDetail':
      return <ToolCloudDetailPage />;
    case 'marketplaceDetail':
      return <ProductPage key={param} id={param} />;
    case 'specialistOnline':
      return <ExpertsPage />;
    case 'specialistOnlineDetail':
      return <ExpertDetailPage key={param} id={param} />;
    case 'newsList':
      return <ArticleListPage key={`news${param}`} kind="news" columnId={param || undefined} />;
    case 'blog':
      return <ArticleListPage key={`blog${param}`} kind="blog" columnId={param || undefined} />;
    case 'newsDetails':
      return <ArticleDetailPage key={param} id={param} kind="news" />;
    case 'blogDetail':
      return <ArticleDetailPage key={param} id={param} kind="blog" />;
    case 'algorithmDetail':
      return <ArticleDetailPage key={param} id={param} kind="algorithm" />;
    case 'helpCenterIndex':
      return <HelpPage view={{ kind: 'index' }} />;
    case 'helpCenter':
      return <HelpPage key={param} view={{ kind: 'article', id: param, rules: false }} />;
    case 'ruleCenter':
      return <HelpPage key={param} view={{ kind: 'article', id: param, rules: true }} />;
    case 'helpCenterList':
      return <HelpPage key={param} view={{ kind: 'list', columnId: param }} />;
    case 'helpCenterSearch':
      return <HelpPage key={param} view={{ kind: 'search', keyword: param }} />;
    case 'cloudFinance':
      return <FinanceListPage />;
    case 'cloudFinanceDetail':
      return <FinanceDetailPage key={param} slug={param} />;
    case 'form':
      return <FormRoutePage key={param} form={param as FormPage} />;
    case 'messForm':
      return <FormRoutePage form="message" />;
    case 'contactUs':
      return <ContactUsPage />;
    case 'sitemap':
      return <SitemapPage />;
    case 'siteList':
      return <SiteListPage />;
    case 'technologyPlatform':
      return <TechnologyPlatformPage />;
    case 'docsCenter':
      return <DocsCenterPage key={param} group={param} />;
    case 'docsDetail':
      return <DocsDetailPage key={param} id={param} />;
    case 'console':
    case 'consolePartner':
    case 'consoleLender':
    case 'consoleSubscriber':
    case 'consoleOperator':
      return <ConsolePage page={page} />;
    default:
      return null;
  }
}

/** Breadcrumb trail and page title (§2: titles per route). */
export function trailOf(match: PageMatch, locale: Locale, t: Dict): { text: string; path?: string }[] {
  const { page, param } = match;
  if (isMarketingPage(page)) return [{ text: marketing[page][locale].title }];
  const here = { path: pathOf(locale, page, param) };
  switch (page) {
    case 'home':
      return [];
    case 'marketplace':
      return [{ text: t.nav.marketplace }];
    case 'courseLive':
      return [{ text: t.live.coursesTitle }];
    case 'courseLiveDetail':
      return [{ text: t.live.coursesTitle, path: pathOf(locale, 'courseLive') }, { text: t.live.details }];
    case 'showRoom':
      return [{ text: t.live.showroomTitle }];
    case 'partnerIn':
      return [{ text: t.join.title }];
    case 'joinCentralize':
      return [{ text: t.join.title, path: pathOf(locale, 'partnerIn') }, { text: t.join.centralizeTitle }];
    case 'toolCloud':
      return [{ text: t.tools.title }];
    case 'toolCloudDetail':
      return [{ text: t.tools.title, path: pathOf(locale, 'toolCloud') }, { text: t.tools.details }];
    case 'marketplaceDetail':
      return [
        { text: t.nav.marketplace, path: pathOf(locale, 'marketplace') },
        { text: t.common.readMore, ...here },
      ];
    case 'specialistOnline':
      return [{ text: t.nav.experts }];
    case 'specialistOnlineDetail':
      return [{ text: t.nav.experts, path: pathOf(locale, 'specialistOnline') }, { text: t.common.readMore }];
    case 'newsList':
      return [{ text: t.news.title }];
    case 'newsDetails':
      return [{ text: t.news.title, path: pathOf(locale, 'newsList', '1001') }, { text: t.common.readMore }];
    case 'blog':
      return [{ text: t.news.blogTitle }];
    case 'blogDetail':
    case 'algorithmDetail':
      return [{ text: t.news.blogTitle, path: pathOf(locale, 'blog', '2001') }, { text: t.common.readMore }];
    case 'helpCenterIndex':
    case 'helpCenter':
    case 'helpCenterList':
    case 'helpCenterSearch':
      return [{ text: t.help.title, path: pathOf(locale, 'helpCenterIndex') }];
    case 'ruleCenter':
      return [{ text: t.help.ruleTitle }];
    case 'cloudFinance':
      return [{ text: t.finance.title }];
    case 'cloudFinanceDetail':
      return [{ text: t.finance.title, path: pathOf(locale, 'cloudFinance') }, { text: t.common.readMore }];
    case 'form':
      return [{ text: t.forms.titles[(param ?? 'contact') as FormPage] }];
    case 'messForm':
      return [{ text: t.nav.submitRequirement }];
    case 'contactUs':
      return [{ text: t.nav.contactUs }];
    case 'sitemap':
      return [{ text: t.nav.sitemap }];
    case 'siteList':
      return [{ text: t.nav.siteList }];
    case 'technologyPlatform':
      return [{ text: t.nav.openPlatform }];
    case 'docsCenter':
    case 'docsDetail':
      return [
        { text: t.nav.openPlatform, path: pathOf(locale, 'technologyPlatform') },
        { text: t.docs.title },
      ];
    default:
      return [{ text: t.nav.console }];
  }
}
