import type { Article, ArticlePage, ArticleSummary, Column } from '@tradelog/schemas/portal/contentAnswers';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { pathOf } from '../app/routes.ts';
import { useContent, useDict, useLocale } from '../app/state.ts';
import { calls } from '../content/calls.ts';
import { format } from '../i18n/i18n.ts';
import { SampleMark } from '../layout/Chrome.tsx';
import { Link } from '../layout/Link.tsx';
import { Blocks, Loaded, PageHero } from './common.tsx';

/** §7, §9: help pages read the menu of column 4218, rule pages that of 4222. */
export const helpColumnId = 4218;
export const ruleColumnId = 4222;
/** The entry guide of §2 (helpCenter-4239.html). */
export const entryGuideId = '4239';

function ColumnTree(props: { columns: Column[]; rules: boolean; current?: number; depth?: number }) {
  const locale = useLocale();
  const depth = props.depth ?? 1;
  return (
    <ul className={`tree depth-${depth}`}>
      {props.columns.map((column) => (
        <li key={column.columnId}>
          {column.columnList && column.columnList.length > 0 ? (
            <>
              <span className="tree-label">{column.name}</span>
              {depth < 3 && (
                <ColumnTree
                  columns={column.columnList}
                  rules={props.rules}
                  current={props.current}
                  depth={depth + 1}
                />
              )}
            </>
          ) : (
            <Link
              href={pathOf(locale, props.rules ? 'ruleCenter' : 'helpCenterList', String(column.columnId))}
              aria-current={column.columnId === props.current ? 'page' : undefined}
            >
              {column.name}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

function SearchBox() {
  const t = useDict();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const [keyword, setKeyword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (keyword.trim()) navigate(pathOf(locale, 'helpCenterSearch', encodeURIComponent(keyword.trim())));
  };
  return (
    <form className="search-box" onSubmit={submit}>
      <label htmlFor="help-search" className="visually-hidden">
        {t.common.search}
      </label>
      <input
        id="help-search"
        type="search"
        value={keyword}
        placeholder={t.common.searchPlaceholder}
        onChange={(event) => setKeyword(event.target.value)}
      />
      <button type="submit" className="btn btn-primary">
        {t.common.search}
      </button>
    </form>
  );
}

function ArticleLinks(props: { items: ArticleSummary[]; rules: boolean }) {
  const t = useDict();
  const locale = useLocale();
  if (props.items.length === 0) return <p>{t.common.noResults}</p>;
  return (
    <ul className="article-list compact">
      {props.items.map((item) => (
        <li key={item.id}>
          <Link
            href={pathOf(
              locale,
              props.rules || item.kind === 'rule' ? 'ruleCenter' : 'helpCenter',
              String(item.id),
            )}
          >
            {item.title}
          </Link>
          <p>{item.summary}</p>
        </li>
      ))}
    </ul>
  );
}

export type HelpView =
  | { kind: 'index' }
  | { kind: 'article'; id: string; rules: boolean }
  | { kind: 'list'; columnId: string }
  | { kind: 'search'; keyword: string };

export function HelpPage(props: { view: HelpView }) {
  const t = useDict();
  const { view } = props;
  const rules = view.kind === 'article' && view.rules;
  const menu = useContent<Column[]>(calls.helpMenu(rules ? ruleColumnId : helpColumnId));
  // Rule-centre ids name either a rule article or a leaf column of the 4222 menu.
  const isArticle = view.kind === 'article' || view.kind === 'index';
  const articleId = view.kind === 'index' ? entryGuideId : view.kind === 'article' ? view.id : undefined;
  const article = useContent<Article>(isArticle && articleId ? calls.article(Number(articleId)) : undefined);
  const list = useContent<ArticlePage>(
    view.kind === 'list' ? calls.newsList(Number(view.columnId), 1, 50) : undefined,
  );
  const search = useContent<ArticleSummary[]>(
    view.kind === 'search' ? calls.helpSearch(view.keyword) : undefined,
  );
  const current = view.kind === 'list' ? Number(view.columnId) : undefined;
  return (
    <main id="main" className="page">
      <PageHero title={rules ? t.help.ruleTitle : t.help.title} lead={rules ? t.help.ruleLead : t.help.lead}>
        <SearchBox />
      </PageHero>
      <div className="container with-aside">
        <nav className="aside-menu" aria-label={t.help.menu}>
          <Loaded entry={menu}>
            {(columns) => <ColumnTree columns={columns} rules={rules} current={current} />}
          </Loaded>
        </nav>
        <section className="content-column article">
          {isArticle && (
            <Loaded entry={article}>
              {(item) => (
                <article>
                  <h1>{item.title}</h1>
                  <p className="meta">
                    {t.common.published} <time dateTime={item.publishTime}>{item.publishTime}</time>
                  </p>
                  <Blocks blocks={item.body} />
                  <SampleMark sample={item.sample} />
                </article>
              )}
            </Loaded>
          )}
          {view.kind === 'list' && (
            <Loaded entry={list}>{(page) => <ArticleLinks items={page.list} rules={false} />}</Loaded>
          )}
          {view.kind === 'search' && (
            <>
              <h1>{format(t.help.searchTitle, { keyword: view.keyword })}</h1>
              <Loaded entry={search}>{(items) => <ArticleLinks items={items} rules={false} />}</Loaded>
            </>
          )}
        </section>
      </div>
    </main>
  );
}
