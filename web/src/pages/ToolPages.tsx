import type { MarketTool, MarketToolDetail } from '@tradelog/schemas/portal/contentAnswers';
import { useSearch } from 'wouter';
import { StatusError } from '../app/ErrorBoundary.tsx';
import { notFoundText, pathOf } from '../app/routes.ts';
import { useContent, useDict, useLocale } from '../app/state.ts';
import { calls } from '../content/calls.ts';
import { Link } from '../layout/Link.tsx';
import { RefTable } from '../layout/RefTable.tsx';
import { CardGridPage, Loaded, PageHero } from './common.tsx';

/**
 * The tool market (§2 toolCloud.html, toolCloudDetail.html; §7 `toolMarket/application/detail…`):
 * the platform's own look-ups as query-api's catalogue lists them (query-api content README
 * "Tool market"). The detail page names its tool in the query string (`?code=`), as §2 gives the
 * route no parameter.
 */
export function ToolCloudPage() {
  const t = useDict();
  const locale = useLocale();
  const tools = useContent<MarketTool[]>(calls.tools());
  return (
    <CardGridPage
      title={t.tools.title}
      lead={t.tools.lead}
      entry={tools}
      items={(list) => list}
      columns="four"
      keyOf={(tool) => tool.code}
      card={(tool) => (
        <>
          <p className="tag">{tool.categoryName}</p>
          <h2>{tool.appName}</h2>
          <p>{tool.appIntroducetion}</p>
          <Link
            className="card-link"
            href={`${pathOf(locale, 'toolCloudDetail')}?code=${encodeURIComponent(tool.code)}`}
          >
            {t.tools.details} →
          </Link>
        </>
      )}
    />
  );
}

export function ToolCloudDetailPage() {
  const t = useDict();
  const locale = useLocale();
  const code = new URLSearchParams(useSearch()).get('code');
  const tool = useContent<MarketToolDetail>(code ? calls.tool(code) : undefined);
  if (!code) throw new StatusError(404, notFoundText);
  return (
    <main id="main" className="page">
      <Loaded entry={tool}>
        {(detail) => (
          <>
            <PageHero title={detail.appName} lead={detail.appIntroducetion}>
              <Link className="btn btn-primary" href={pathOf(locale, 'docsCenter', 'logistics2')}>
                {t.tools.reference}
              </Link>
            </PageHero>
            <div className="container narrow">
              <section className="section" aria-labelledby="tool-call">
                <h2 id="tool-call">{t.tools.call}</h2>
                <p>
                  <code>
                    {detail.method} {detail.path}
                  </code>
                </p>
              </section>
              <section className="section" aria-labelledby="tool-parameters">
                <h2 id="tool-parameters">{t.tools.parameters}</h2>
                <RefTable columns={[t.tools.parameter, t.tools.required]}>
                  {detail.parameters.map((parameter) => (
                    <tr key={parameter.name}>
                      <th scope="row">
                        <code>{parameter.name}</code> {parameter.title}
                      </th>
                      <td>{parameter.required ? t.tools.yes : t.tools.no}</td>
                    </tr>
                  ))}
                </RefTable>
              </section>
              <section className="section" aria-labelledby="tool-answer">
                <h2 id="tool-answer">{t.tools.answer}</h2>
                <p>{detail.answer}</p>
              </section>
            </div>
          </>
        )}
      </Loaded>
    </main>
  );
}
