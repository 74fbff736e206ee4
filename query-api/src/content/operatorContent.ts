import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '@tradelog/schemas';
import { createPortalContentValidator, type PortalContent } from '@tradelog/schemas/portal/content';
import { apps } from './seed/apps.ts';
import { articles, newsColumns, pageColumns } from './seed/articles.ts';
import { dataTypes } from './seed/finance.ts';

/**
 * The content an operator owns (README "Operator content"): read from `PORTAL_CONTENT_FILE` once
 * at start-up, checked against its JSON Schema and against what it refers to, and frozen. The
 * shipped file is sample content (`sample: true`), which the portal marks wherever it is shown.
 */
export const sampleContentFile = fileURLToPath(
  new URL('../../content/portal-content.sample.json', import.meta.url),
);

/** References the schema cannot check: institutions, data types, apps and columns named, slugs and ids unique. */
export function contentReferenceIssues(content: PortalContent): string[] {
  const issues: string[] = [];
  const institutions = new Set(content.finance.institutions.map((item) => item.value));
  const known = new Set(dataTypes.map((item) => item.value));
  const seen = new Set<string>();
  for (const product of content.finance.products) {
    if (seen.has(product.slug)) issues.push(`finance.products: slug ${product.slug} appears twice`);
    seen.add(product.slug);
    if (!institutions.has(product.institution))
      issues.push(`finance.products ${product.slug}: no institution "${product.institution}"`);
    for (const dataType of product.dataTypes)
      if (!known.has(dataType)) issues.push(`finance.products ${product.slug}: no data type "${dataType}"`);
    if (product.rateMin > product.rateMax)
      issues.push(`finance.products ${product.slug}: rateMin is above rateMax`);
  }
  if (institutions.has('all')) issues.push('finance.institutions: "all" is the filter\'s own value');
  const expertIds = content.experts.map((expert) => expert.id);
  if (new Set(expertIds).size !== expertIds.length) issues.push('experts: an id appears twice');
  const appIds = new Set(apps.map((app) => app.id));
  for (const item of content.testimonials)
    if (!appIds.has(item.app)) issues.push(`testimonials: no app ${item.app}`);
  for (const item of content.appPictures ?? [])
    if (!appIds.has(item.app)) issues.push(`appPictures: no app ${item.app}`);
  // News shares the article ids of the site's own articles (newsDetails-{id}) and lists in its columns.
  const articleIds = new Set(articles.map((article) => article.id));
  const newsColumnIds = new Set([...newsColumns, ...pageColumns].map((column) => column.columnId));
  for (const article of content.news) {
    if (articleIds.has(article.id)) issues.push(`news: id ${article.id} appears twice`);
    articleIds.add(article.id);
    if (!newsColumnIds.has(article.columnId))
      issues.push(`news ${article.id}: no news column ${article.columnId}`);
  }
  const mains = content.site.regionalSites.filter((site) => site.main).length;
  if (content.site.regionalSites.length > 0 && mains !== 1)
    issues.push('site.regionalSites: exactly one site is the main one');
  return issues;
}

export function parsePortalContent(json: string, source: string): PortalContent {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new ConfigError('PORTAL_CONTENT_FILE', `${source} is not JSON: ${(error as Error).message}`);
  }
  const schemaIssues = createPortalContentValidator()(value);
  const issues =
    schemaIssues.length > 0
      ? schemaIssues.map((issue) => `${issue.path || '(file)'}: ${issue.message.en}`)
      : contentReferenceIssues(value as PortalContent);
  if (issues.length > 0)
    throw new ConfigError('PORTAL_CONTENT_FILE', `${source}: ${issues.slice(0, 5).join('; ')}`);
  return deepFreeze(value as PortalContent);
}

export function loadPortalContent(path: string = sampleContentFile): PortalContent {
  let json: string;
  try {
    json = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError('PORTAL_CONTENT_FILE', `cannot read ${path}: ${(error as Error).message}`);
  }
  return parsePortalContent(json, path);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
