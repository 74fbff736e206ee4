import type { Article, ArticlePage, ArticleSummary, Column } from '@tradelog/schemas/portal/contentAnswers';
import { useSearch } from 'wouter';
import { type PageId, pathOf } from '../app/routes.ts';
import { useContent, useDict, useLocale } from '../app/state.ts';
import { calls } from '../content/calls.ts';
import { format } from '../i18n/i18n.ts';
import { SampleMark } from '../layout/Chrome.tsx';
import { Link } from '../layout/Link.tsx';
import { Blocks, Loaded, PageHero } from './common.tsx';

/** Column ids of the news and blog lists (content API seed); newsList-{id} and blog-{id} pick one. */
export const defaultColumns = { news: 1001, blog: 2001 } as const;

/** Rows per list page (§7 newsList.do `rows`). */
export const articleRows = 10;

/** `?page=N` of a list address; anything else is the first page. */
export function pageOfSearch(search: string): number {
  const page = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

function Pager(props: { page: number; total: number; rows: number; href: (page: number) => string }) {
  const t = useDict();
  const pages = Math.max(1, Math.ceil(props.total / props.rows));
  // Past the last page (an old link) the way back is still offered.
  if (pages <= 1 && props.page <= 1) return null;
  return (
    <nav className="pager" aria-label={format(t.common.pageOf, { page: props.page, pages })}>
      {props.page > 1 && (
        <Link href={props.href(Math.min(props.page - 1, pages))} rel="prev">
          ← {t.common.previousPage}
        </Link>
      )}
      <span>{format(t.common.pageOf, { page: props.page, pages })}</span>
      {props.page < pages && (
        <Link href={props.href(props.page + 1)} rel="next">
          {t.common.nextPage} →
        </Link>
      )}
    </nav>
  );
}

export function ArticleListPage(props: { kind: 'news' | 'blog'; columnId?: string }) {
  const t = useDict();
  const locale = useLocale();
  const page = pageOfSearch(useSearch());
  const columnId = Number(props.columnId ?? defaultColumns[props.kind]);
  const columns = useContent<Column[]>(calls.columns(props.kind));
  const list = useContent<ArticlePage>(calls.newsList(columnId, page, articleRows));
  const listPage: PageId = props.kind === 'news' ? 'newsList' : 'blog';
  const detailPage: PageId = props.kind === 'news' ? 'newsDetails' : 'blogDetail';
  return (
    <main id="main" className="page">
      <PageHero title={props.kind === 'news' ? t.news.title : t.news.blogTitle} />
      <div className="container with-aside">
        <nav className="aside-menu" aria-label={t.news.columns}>
          <Loaded entry={columns}>
            {(items) => (
              <ul>
                {items.map((column) => (
                  <li key={column.columnId}>
                    <Link
                      href={pathOf(locale, listPage, String(column.columnId))}
                      aria-current={column.columnId === columnId ? 'page' : undefined}
                    >
                      {column.name}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Loaded>
        </nav>
        <section className="content-column">
          <Loaded entry={list}>
            {(page) =>
              page.list.length === 0 ? (
                <p>{t.common.empty}</p>
              ) : (
                <ul className="article-list">
                  {page.list.map((item) => (
                    <li key={item.id}>
                      <article>
                        <h2>
                          <Link
                            href={pathOf(
                              locale,
                              item.kind === 'algorithm' ? 'algorithmDetail' : detailPage,
                              String(item.id),
                            )}
                          >
                            {item.title}
                          </Link>
                        </h2>
                        <p>{item.summary}</p>
                        <p className="meta">
                          <time dateTime={item.publishTime}>{item.publishTime}</time> · {item.source}
                        </p>
                        <SampleMark sample={item.sample} />
                      </article>
                    </li>
                  ))}
                </ul>
              )
            }
          </Loaded>
          <Loaded entry={list}>
            {(result) => (
              <Pager
                page={page}
                total={result.total}
                rows={articleRows}
                href={(to) => `${pathOf(locale, listPage, String(columnId))}?page=${to}`}
              />
            )}
          </Loaded>
        </section>
      </div>
    </main>
  );
}

export function ArticleDetailPage(props: { id: string; kind: 'news' | 'blog' | 'algorithm' }) {
  const t = useDict();
  const locale = useLocale();
  const article = useContent<Article>(calls.article(Number(props.id)));
  const related = useContent<ArticleSummary[]>(calls.recommend(Number(props.id)));
  const detailPage: PageId =
    props.kind === 'news' ? 'newsDetails' : props.kind === 'blog' ? 'blogDetail' : 'algorithmDetail';
  return (
    <main id="main" className="page">
      <div className="container narrow article">
        <Loaded entry={article}>
          {(item) => (
            <article>
              <h1>{item.title}</h1>
              <p className="meta">
                {t.common.published} <time dateTime={item.publishTime}>{item.publishTime}</time> ·{' '}
                {t.common.source} {item.source} · {t.common.author} {item.author}
              </p>
              <SampleMark sample={item.sample} />
              <Blocks blocks={item.body} />
              <nav className="prev-next" aria-label={t.common.related}>
                {item.prev && (
                  <Link href={pathOf(locale, detailPage, String(item.prev.id))}>← {item.prev.title}</Link>
                )}
                {item.next && (
                  <Link href={pathOf(locale, detailPage, String(item.next.id))}>{item.next.title} →</Link>
                )}
              </nav>
            </article>
          )}
        </Loaded>
        {related?.status === 'ready' && related.value.length > 0 && (
          <aside className="related" aria-labelledby="related-title">
            <h2 id="related-title">{props.kind === 'news' ? t.common.relatedNews : t.common.related}</h2>
            <ul className="plain-list">
              {related.value.map((item) => (
                <li key={item.id}>
                  <Link href={pathOf(locale, detailPage, String(item.id))}>{item.title}</Link>
                  <time dateTime={item.publishTime}>{item.publishTime}</time>
                </li>
              ))}
            </ul>
          </aside>
        )}
      </div>
    </main>
  );
}
