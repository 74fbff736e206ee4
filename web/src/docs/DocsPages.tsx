import { StatusError } from '../app/ErrorBoundary.tsx';
import { notFoundText, pathOf } from '../app/routes.ts';
import { useDict, useLocale } from '../app/state.ts';
import { pick } from '../i18n/i18n.ts';
import { Link } from '../layout/Link.tsx';
import { RefTable } from '../layout/RefTable.tsx';
import { PageHero } from '../pages/common.tsx';
import {
  documentationStamp,
  eitherOrRules,
  fieldRows,
  type ReferenceEntry,
  type ReferenceGroup,
  referenceEntries,
  referenceOf,
  stampText,
} from './reference.ts';

/**
 * The docs centre: the submission spec's two menu groups (logistics 10, business 4) and the
 * query spec's "digital service output" group (`logistics2`), each page rendered from the JSON
 * Schemas the services validate and answer with; links to the services' interactive references.
 */
const groups: readonly ReferenceGroup[] = (['logistics', 'business', 'logistics2', 'feeds'] as const).filter(
  (group) => referenceEntries.some((entry) => entry.group === group),
);

/** Where the portal's proxy (vite.config.ts, deploy/nginx.conf) mounts the services' references. */
const interactiveReferences = [
  { key: 'ingestReference', href: '/api-reference/ingest/docs', spec: '/api-reference/ingest/openapi.json' },
  { key: 'queryReference', href: '/api-reference/query/docs', spec: '/api-reference/query/openapi.json' },
] as const;

/** How to resend a submission safely (ingest README "Retrying safely"; ingest's OpenAPI says the same). */
function RetryingSafely() {
  const t = useDict();
  return (
    <section className="section" data-testid="retrying-safely">
      <h2 className="section-title left">{t.docs.retrying}</h2>
      <p>{t.docs.retryingText}</p>
    </section>
  );
}

function InteractiveReferences() {
  const t = useDict();
  return (
    <section className="section interactive-reference" data-testid="interactive-reference">
      <h2 className="section-title left">{t.docs.interactive}</h2>
      <p>{t.docs.interactiveText}</p>
      <ul>
        {interactiveReferences.map((reference) => (
          <li key={reference.key}>
            <a href={reference.href}>{t.docs[reference.key]}</a> (<a href={reference.spec}>openapi.json</a>)
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Queries and subscriptions are POST (the vessel look-ups GET); a push is a POST to the subscriber's callbackUrl. */
const methodOf = (entry: ReferenceEntry) =>
  entry.available || entry.kind === 'push' ? (entry.method ?? 'POST') : '—';

function DocsMenu(props: { current?: string }) {
  const t = useDict();
  const locale = useLocale();
  return (
    <nav className="aside-menu docs-menu" aria-label={t.docs.menu}>
      {groups.map((group) => (
        <section key={group}>
          <h2 className="tree-label">
            <Link href={pathOf(locale, 'docsCenter', group)}>{t.docs.groups[group]}</Link>
          </h2>
          <ul>
            {referenceEntries
              .filter((entry) => entry.group === group)
              .map((entry) => (
                <li key={entry.docId} data-doc-id={entry.docId}>
                  <Link
                    href={pathOf(locale, 'docsDetail', entry.docId)}
                    aria-current={props.current === entry.docId ? 'page' : undefined}
                    className={entry.available ? undefined : 'muted'}
                  >
                    {pick(entry.title, locale)}
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}

export function TechnologyPlatformPage() {
  const t = useDict();
  const locale = useLocale();
  return (
    <main id="main" className="page">
      <PageHero title={t.nav.openPlatform} lead={t.docs.lead}>
        <Link className="btn btn-primary" href={pathOf(locale, 'console')}>
          {t.nav.console}
        </Link>
      </PageHero>
      <div className="container">
        <section className="section">
          <h2 className="section-title left">{t.docs.overview}</h2>
          <p>{t.docs.overviewText}</p>
        </section>
        <RetryingSafely />
        <InteractiveReferences />
        {groups.map((group) => (
          <section className="section" key={group}>
            <h2 className="section-title left">
              <Link href={pathOf(locale, 'docsCenter', group)}>{t.docs.groups[group]}</Link>
            </h2>
            <ul className="card-grid four">
              {referenceEntries
                .filter((entry) => entry.group === group)
                .map((entry) => (
                  <li className="card" key={entry.docId}>
                    <h3>
                      <Link href={pathOf(locale, 'docsDetail', entry.docId)}>
                        {pick(entry.title, locale)}
                      </Link>
                    </h3>
                    {entry.available ? (
                      <code className="path">
                        {methodOf(entry)} {entry.path}
                      </code>
                    ) : (
                      <span className="muted small">{t.docs.notAvailableShort}</span>
                    )}
                  </li>
                ))}
            </ul>
          </section>
        ))}
      </div>
    </main>
  );
}

export function DocsCenterPage(props: { group: string }) {
  const t = useDict();
  const locale = useLocale();
  const group = groups.find((candidate) => candidate === props.group);
  if (!group) throw new StatusError(404, notFoundText);
  const entries = referenceEntries.filter((entry) => entry.group === group);
  return (
    <main id="main" className="page">
      <PageHero title={t.docs.groups[group]} lead={t.docs.lead} />
      <div className="container with-aside">
        <DocsMenu />
        <section className="content-column">
          <p>{group === 'logistics2' ? t.docs.queryOverview : t.docs.overviewText}</p>
          <RefTable columns={[t.docs.menu, t.docs.method, t.docs.path]}>
            {entries.map((entry) => (
              <tr key={entry.docId}>
                <th scope="row">
                  <Link href={pathOf(locale, 'docsDetail', entry.docId)}>{pick(entry.title, locale)}</Link>
                </th>
                <td>{methodOf(entry)}</td>
                <td>
                  {entry.available ? (
                    <code>{entry.path}</code>
                  ) : entry.kind === 'push' ? (
                    <code>callbackUrl</code>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </RefTable>
          {group !== 'logistics2' && <RetryingSafely />}
          <InteractiveReferences />
          <DocStamp />
        </section>
      </div>
    </main>
  );
}

function NotAvailable(props: { entry: ReferenceEntry }) {
  const t = useDict();
  const locale = useLocale();
  const subscription = props.entry.subscribedBy ? referenceOf(props.entry.subscribedBy) : undefined;
  return (
    <article className="reference" aria-labelledby="ref-title">
      <h1 id="ref-title">{pick(props.entry.title, locale)}</h1>
      <p className="notice" data-testid="not-available">
        {t.docs.notAvailable}
      </p>
      {subscription && (
        <p>
          {t.docs.pushOf}{' '}
          <Link href={pathOf(locale, 'docsDetail', subscription.docId)}>
            {pick(subscription.title, locale)}
          </Link>
        </p>
      )}
    </article>
  );
}

function Reference(props: { entry: ReferenceEntry }) {
  const t = useDict();
  const locale = useLocale();
  const { entry } = props;
  const rows = fieldRows(entry.schema, locale);
  const rules = eitherOrRules(entry.schema);
  const example = JSON.stringify(entry.example, null, 2);
  const description =
    locale === 'en'
      ? (entry.schema['x-description-en'] ?? entry.schema.description)
      : entry.schema.description;
  return (
    <article className="reference" aria-labelledby="ref-title">
      <h1 id="ref-title">{pick(entry.title, locale)}</h1>
      {description && <p>{description}</p>}
      <dl className="ref-facts">
        <div>
          <dt>{t.docs.method}</dt>
          <dd>
            <code>{methodOf(entry)}</code>
          </dd>
        </div>
        <div>
          <dt>{t.docs.path}</dt>
          <dd>
            <code data-testid="ref-path">{entry.path}</code>
          </dd>
        </div>
        {entry.log && (
          <div>
            <dt>{t.docs.topic}</dt>
            <dd>
              <code>{entry.log.topic}</code> ({t.docs.retention}, {t.docs.keyField}{' '}
              <code>{entry.log.keyField}</code>)
            </dd>
          </div>
        )}
      </dl>

      <h2>{t.docs.headers}</h2>
      <RefTable columns={[t.docs.field, t.docs.headerValue, t.docs.required, t.docs.description]}>
        <tr>
          <th scope="row">
            <code>Content-Type</code>
          </th>
          <td>
            <code>application/json</code>
          </td>
          <td>{t.common.yes}</td>
          <td>{t.docs.contentTypeNote}</td>
        </tr>
        <tr>
          <th scope="row">
            <code>Authorization</code>
          </th>
          <td>
            <code>Bearer &lt;key&gt;</code>
          </td>
          <td>{t.common.yes}</td>
          <td>{t.docs.apiKeyNote}</td>
        </tr>
        {entry.kind === 'submission' && (
          <tr>
            <th scope="row">
              <code>Idempotency-Key</code>
            </th>
            <td>
              <code>&lt;uuid&gt;</code>
            </td>
            <td>{t.common.no}</td>
            <td>{t.docs.idempotencyKeyNote}</td>
          </tr>
        )}
      </RefTable>

      <h2>{t.docs.request}</h2>
      {rules.length > 1 && (
        <p className="rules">
          {t.docs.eitherOr}: {rules.map((fields) => fields.join(' + ')).join(' / ')}
        </p>
      )}
      <RefTable
        columns={[
          t.docs.field,
          t.docs.type,
          t.docs.required,
          t.docs.maxLength,
          t.docs.enumeration,
          t.docs.description,
        ]}
        className="request-table"
        testId="request-table"
      >
        {rows.map((row) => (
          <tr key={row.path} data-field={row.path}>
            <th scope="row" style={{ paddingInlineStart: `${0.75 + row.depth * 1.25}rem` }}>
              <code>{row.path}</code>
            </th>
            <td>
              {row.type}
              {row.format && <span className="muted small"> ({row.format})</span>}
              {row.bounds && <span className="muted small"> [{row.bounds}]</span>}
            </td>
            <td>{row.required ? t.common.yes : t.common.no}</td>
            <td data-col="maxLength">{row.maxLength ?? '—'}</td>
            <td>
              {row.enumeration.length === 0
                ? '—'
                : row.enumeration.map((item) => (
                    <span className="enum" key={item.value}>
                      <code>{item.value}</code>
                      {item.label && ` ${item.label}`}
                    </span>
                  ))}
            </td>
            <td>
              <strong>{row.title}</strong>
              {row.description && row.description !== row.title && (
                <span className="muted"> — {row.description}</span>
              )}
            </td>
          </tr>
        ))}
      </RefTable>

      <h2>{t.docs.response}</h2>
      <RefTable columns={[t.docs.field, t.docs.type, t.docs.description]} testId="response-table">
        {entry.responseRows.map((row) => (
          <tr key={row.path} data-field={row.path}>
            <th scope="row" style={{ paddingInlineStart: `${0.75 + row.depth * 1.25}rem` }}>
              <code>{row.path}</code>
            </th>
            <td>{row.type}</td>
            <td>{pick(row.description, locale)}</td>
          </tr>
        ))}
      </RefTable>
      {entry.responseNote && <p data-testid="response-note">{pick(entry.responseNote, locale)}</p>}

      <h2>{t.docs.example}</h2>
      <pre className="code">
        <code>
          {entry.method === 'GET'
            ? `GET ${entry.path}?${new URLSearchParams(entry.example as Record<string, string>)}\nAuthorization: Bearer <key>`
            : `POST ${entry.path}\nContent-Type: application/json\nAuthorization: Bearer <key>\n\n${example}`}
        </code>
      </pre>
    </article>
  );
}

function FieldTable(props: { schema: ReferenceEntry['schema']; testId: string }) {
  const t = useDict();
  const locale = useLocale();
  return (
    <RefTable
      columns={[t.docs.field, t.docs.type, t.docs.required, t.docs.description]}
      testId={props.testId}
    >
      {fieldRows(props.schema, locale).map((row) => (
        <tr key={row.path} data-field={row.path}>
          <th scope="row" style={{ paddingInlineStart: `${0.75 + row.depth * 1.25}rem` }}>
            <code>{row.path}</code>
          </th>
          <td>
            {row.type}
            {row.format && <span className="muted small"> ({row.format})</span>}
            {row.enumeration.length > 0 && (
              <span className="muted small"> [{row.enumeration.map((item) => item.value).join(', ')}]</span>
            )}
          </td>
          <td>{row.required ? t.common.yes : t.common.no}</td>
          <td>
            <strong>{row.title}</strong>
            {row.description && row.description !== row.title && (
              <span className="muted"> — {row.description}</span>
            )}
          </td>
        </tr>
      ))}
    </RefTable>
  );
}

/**
 * A push page (query spec §3 payloads and replies, §8, §9): what Tradelog POSTs to the
 * subscriber's callbackUrl, the signed headers, and what the receiver must answer — rendered from
 * the same declaration as query-api's OpenAPI `webhooks` (schemas/src/openapi/webhooks.ts).
 */
function PushReference(props: { entry: ReferenceEntry }) {
  const t = useDict();
  const locale = useLocale();
  const { entry } = props;
  const push = entry.push!;
  const subscription = entry.subscribedBy ? referenceOf(entry.subscribedBy) : undefined;
  const headerLines = push.headers.map((header) => `${header.name}: ${header.example}`).join('\n');
  return (
    <article className="reference" aria-labelledby="ref-title">
      <h1 id="ref-title">{pick(entry.title, locale)}</h1>
      <p>{pick(push.description, locale)}</p>
      <dl className="ref-facts">
        <div>
          <dt>{t.docs.method}</dt>
          <dd>
            <code>POST</code>
          </dd>
        </div>
        <div>
          <dt>{t.docs.pushTarget}</dt>
          <dd>
            <code data-testid="ref-path">callbackUrl</code>
            {subscription && (
              <>
                {' '}
                ({t.docs.pushOf}{' '}
                <Link href={pathOf(locale, 'docsDetail', subscription.docId)}>
                  {pick(subscription.title, locale)}
                </Link>
                )
              </>
            )}
          </dd>
        </div>
      </dl>

      <h2>{t.docs.pushHeaders}</h2>
      <RefTable columns={[t.docs.field, t.docs.headerValue, t.docs.description]} testId="push-headers-table">
        {push.headers.map((header) => (
          <tr key={header.name} data-field={header.name}>
            <th scope="row">
              <code>{header.name}</code>
            </th>
            <td>
              <code>{header.example}</code>
            </td>
            <td>{pick(header.description, locale)}</td>
          </tr>
        ))}
      </RefTable>

      <h2>{t.docs.pushPayload}</h2>
      <FieldTable schema={entry.schema} testId="push-payload-table" />

      <h2>{t.docs.pushReply}</h2>
      <p data-testid="push-contract">{pick(push.contract, locale)}</p>
      <FieldTable schema={push.reply} testId="push-reply-table" />
      <p data-testid="push-retries">
        <strong>{t.docs.pushRetries}</strong> {pick(push.retries, locale)}
      </p>

      <h2>{t.docs.pushExample}</h2>
      <pre className="code">
        <code>{`POST callbackUrl\n${headerLines}\n\n${JSON.stringify(entry.example, null, 2)}`}</code>
      </pre>
      <h2>{t.docs.pushReplyExample}</h2>
      <pre className="code">
        <code>{`HTTP/1.1 200 OK\ncontent-type: application/json\n\n${JSON.stringify(push.replyExample, null, 2)}`}</code>
      </pre>
    </article>
  );
}

/** The specs' documentation stamp (query spec §9, submission spec §1). */
function DocStamp() {
  const t = useDict();
  const locale = useLocale();
  return (
    <p className="muted small" data-testid="doc-stamp">
      {t.docs.updated} <time dateTime={documentationStamp}>{stampText(locale)}</time>
    </p>
  );
}

export function DocsDetailPage(props: { id: string }) {
  const entry = referenceOf(props.id);
  if (!entry) throw new StatusError(404, notFoundText);
  return (
    <main id="main" className="page">
      <div className="container with-aside docs">
        <DocsMenu current={entry.docId} />
        <section className="content-column">
          {entry.push ? (
            <PushReference entry={entry} />
          ) : entry.available ? (
            <Reference entry={entry} />
          ) : (
            <NotAvailable entry={entry} />
          )}
          <DocStamp />
        </section>
      </div>
    </main>
  );
}
