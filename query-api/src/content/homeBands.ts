import type { PortalContent } from '@tradelog/schemas/portal/content';
import { type PortalRole, portalRoleLabels, portalRoles } from '@tradelog/schemas/portal/forms';
import { queryTypes } from '@tradelog/schemas/queries/catalogue';
import { filterFinance, financeCategories } from './catalogue.ts';
import { text } from './localized.ts';
import { appList } from './marketCatalogue.ts';
import { dataTypes } from './seed/finance.ts';
import type { Lang } from './seed/types.ts';
import { marketTools, toolSelection } from './toolMarket.ts';

/**
 * The home page's bands and the finance and role look-ups §7 lists without shapes
 * (`confront/index.do`, `market/index.do`, `link/index.do`, `common/scheme.do`,
 * `confront/demand.do`, `client/roles.do`; README "Home bands"). Each is read from what the
 * site already serves — the operator's finance catalogue, the software products, the query
 * catalogue, the §3 roles — so a band never shows what its page would not. Pure.
 */

/** `confront/index.do`: the cloud-finance band — both filter levels and the products marked hot first. */
export function financeBand(content: PortalContent, lang: Lang, count = 3) {
  const products = filterFinance(content, {}, lang).sort((a, b) => Number(b.hot) - Number(a.hot));
  return {
    ...financeCategories(content, lang),
    products: products.slice(0, count),
    total: products.length,
  };
}

/**
 * `common/scheme.do`: financing schemes by the data a company can authorise (§9's first filter
 * level) — for each data type some product accepts, the products that accept it. A type no
 * product accepts is left out: it would lead to an empty list.
 */
export function financeSchemes(content: PortalContent, lang: Lang) {
  return dataTypes
    .filter((type) => type.value !== 'all')
    .map((type) => ({
      dataType: type.value,
      label: text(type.label, lang),
      products: filterFinance(content, { dataType: type.value }, lang).map((product) => ({
        slug: product.slug,
        name: product.name,
        institutionName: product.institutionName,
      })),
    }))
    .filter((scheme) => scheme.products.length > 0);
}

/**
 * `confront/demand.do` (GET): what an application needs — the operator's conditions and process,
 * and the data to authorise: a product's own (`slug`) or every type some product accepts.
 * Undefined for an unknown slug.
 */
export function financeDemand(content: PortalContent, slug: string | undefined, lang: Lang) {
  const product = slug ? filterFinance(content, { slug }, lang)[0] : undefined;
  if (slug && !product) return undefined;
  const accepted = new Set(content.finance.products.flatMap((item) => item.dataTypes));
  const wanted = product ? new Set(product.dataTypes) : accepted;
  return {
    sample: content.sample,
    ...(product ? { slug: product.slug, name: product.name } : {}),
    dataTypes: dataTypes
      .filter((type) => wanted.has(type.value))
      .map((type) => ({ value: type.value, label: text(type.label, lang) })),
    conditions: content.finance.conditions.map((item) => text(item, lang)),
    process: content.finance.process.map((item) => text(item, lang)),
  };
}

/** `market/index.do`: the cloud-market band — the first software products and every tool. */
export function marketBand(lang: Lang, rows = 6) {
  const apps = appList(1, rows, lang);
  return { apps: apps.list, appTotal: apps.total, tools: toolSelection(lang) };
}

/**
 * `link/index.do`: the band of the link-node service — what a lender or subscriber can query
 * over the documents' link nodes and the enterprise data (the query catalogue's queries and
 * subscriptions, the tool market's look-ups left to `market/index.do`), each with the path the
 * API reference documents.
 */
export function linkBand(lang: Lang) {
  const tools = new Set<string>(marketTools.map((tool) => tool.code));
  return {
    interfaces: queryTypes
      .filter((type) => !tools.has(type.id) && type.kind !== 'trackOrSubscribe')
      .map((type) => ({ code: type.id, kind: type.kind, title: type.title[lang], path: type.path })),
  };
}

/**
 * `client/roles.do` (GET): the §3 industry/role options with their labels, the values
 * `joinus/settleRoles.do` answers (§6: "settle roles for joining are fetched from the server").
 */
export function roleOptions(lang: Lang) {
  return portalRoles.map((value) => ({ value, label: portalRoleLabels[value][lang] }));
}

/**
 * `home/warrant.do` (GET): what the logged-in visitor is granted (README "Roles"): the role an
 * operator granted, if any, and the header's flag it gives. Applying for a role grants nothing.
 */
export function warrantOf(account: { grantedRole: string | null }, lang: Lang, serverFlag: 0 | 3) {
  const role = account.grantedRole as PortalRole | null;
  return {
    grantedRole: role,
    label: role && portalRoleLabels[role] ? portalRoleLabels[role][lang] : null,
    serverFlag,
  };
}
