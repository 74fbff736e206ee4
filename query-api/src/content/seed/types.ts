/**
 * Bilingual seed content of the portal (portal spec §1, §9). Every text carries Chinese (the
 * default) and English; the content API answers in the language of the request payload (§7).
 */
export type Lang = 'cn' | 'en';
export interface Bi {
  cn: string;
  en: string;
}
export const bi = (cn: string, en: string): Bi => ({ cn, en });

export type SeedBlock =
  | { kind: 'heading'; text: Bi }
  | { kind: 'paragraph'; text: Bi }
  | { kind: 'list'; items: Bi[] };
export const h = (cn: string, en: string): SeedBlock => ({ kind: 'heading', text: bi(cn, en) });
export const p = (cn: string, en: string): SeedBlock => ({ kind: 'paragraph', text: bi(cn, en) });
export const list = (...items: [string, string][]): SeedBlock => ({
  kind: 'list',
  items: items.map(([cn, en]) => bi(cn, en)),
});

export type ArticleKind = 'news' | 'blog' | 'algorithm' | 'help' | 'rule';

export interface SeedArticle {
  id: number;
  kind: ArticleKind;
  columnId: number;
  title: Bi;
  summary: Bi;
  publishTime: string;
  author: Bi;
  source: Bi;
  body: SeedBlock[];
  /** Sample text an operator replaces (rule articles: legal commitments; seed/articles.ts). */
  sample?: boolean;
}

export interface SeedColumn {
  columnId: number;
  name: Bi;
  columnList?: SeedColumn[];
}
