import type { Bi, ContentArticle, ContentBlock } from '@tradelog/schemas/portal/content';
import type { ArticleKind } from '@tradelog/schemas/portal/contentAnswers';

/**
 * Bilingual seed content of the portal (portal spec §1, §9). Every text carries Chinese (the
 * default) and English; the content API answers in the language of the request payload (§7).
 */
export type Lang = 'cn' | 'en';
export const bi = (cn: string, en: string): Bi => ({ cn, en });

export const h = (cn: string, en: string): ContentBlock => ({ kind: 'heading', text: bi(cn, en) });
export const p = (cn: string, en: string): ContentBlock => ({ kind: 'paragraph', text: bi(cn, en) });
export const list = (...items: [string, string][]): ContentBlock => ({
  kind: 'list',
  items: items.map(([cn, en]) => bi(cn, en)),
});

/** An article of the site's own (blog, algorithm, help, rules): as the operator's news, with its kind. */
export interface SeedArticle extends ContentArticle {
  kind: ArticleKind;
  /** Sample text an operator replaces (rule articles: legal commitments; seed/articles.ts). */
  sample?: boolean;
}

export interface SeedColumn {
  columnId: number;
  name: Bi;
  columnList?: SeedColumn[];
}
