import { useDict, useLocale } from '../app/state.ts';
import { pick } from '../i18n/i18n.ts';
import { RefTable } from '../layout/RefTable.tsx';
import { FieldPathCell, FieldTitleCell } from './FieldCells.tsx';
import { eitherOrRules, fieldRows, type ReferenceEntry } from './reference.ts';
import { methodOf } from './referenceGroups.ts';

/** A submission's or query's page: method, path, headers, request fields, response fields, an example call. */
export function RequestReference(props: { entry: ReferenceEntry }) {
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
            <FieldPathCell row={row} />
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
            <FieldTitleCell row={row} />
          </tr>
        ))}
      </RefTable>

      <h2>{t.docs.response}</h2>
      <RefTable columns={[t.docs.field, t.docs.type, t.docs.description]} testId="response-table">
        {entry.responseRows.map((row) => (
          <tr key={row.path} data-field={row.path}>
            <FieldPathCell row={row} />
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
