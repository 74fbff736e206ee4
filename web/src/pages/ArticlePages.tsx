import { type PageId, pathOf } from '../app/routes.ts';
import { useContent, useDict, useLocale } from '../app/state.ts';
import { calls } from '../content/calls.ts';
import type { Article, ArticlePage, Column } from '../content/types.ts';
import { Link } from '../layout/Link.tsx';
import { Blocks, Loaded, PageHero } from './common.tsx';

/** Column ids of the news and blog lists (content API seed); newsList-{id} and blog-{id} pick one. */
export const defaultColumns = { news: 1001, blog: 2001 } as const;

export function ArticleListPage(props: { kind: 'news' | 'blog'; columnId?: string }) {
  const t = useDict();
  const locale = useLocale();
  const columnId = Number(props.columnId ?? defaultColumns[props.kind]);
  const columns = useContent<Column[]>(calls.columns(props.kind));
  const list = useContent<ArticlePage>(calls.newsList(columnId));
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
                      </article>
                    </li>
                  ))}
                </ul>
              )
            }
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
      </div>
    </main>
  );
}
