import { useDict, useLocale } from '../app/state.ts';
import { pick } from '../i18n/i18n.ts';
import { RefTable } from '../layout/RefTable.tsx';
import { FieldPathCell } from './FieldCells.tsx';
import { RequestFieldTable } from './RequestFieldTable.tsx';
import { RequestHeaders } from './RequestHeaders.tsx';
import { exampleCall, type ReferenceEntry } from './reference.ts';
import { methodOf } from './referenceGroups.ts';

/** A submission's or query's page: method, path, headers, request fields, response fields, an example call. */
export function RequestReference(props: { entry: ReferenceEntry }) {
  const t = useDict();
  const locale = useLocale();
  const { entry } = props;
  const description =
    locale === 'en'
      ? (entry.schema['x-description-en'] ?? entry.schema.description)
      : entry.schema.description;
  return (
    <article className="reference" aria-labelledby="ref-title">
      <h1 id="ref-title">{pick(entry.title, locale)}</h1>
      {description && <p>{description}</p>}
      <RequestFacts entry={entry} />

      <h2>{t.docs.headers}</h2>
      <RequestHeaders kind={entry.kind} />

      <h2>{t.docs.request}</h2>
      <RequestFieldTable schema={entry.schema} />

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
        <code>{exampleCall(entry)}</code>
      </pre>
    </article>
  );
}

/** How the call is made: its method and path, and for a submission the log it lands in. */
function RequestFacts(props: { entry: ReferenceEntry }) {
  const t = useDict();
  const { entry } = props;
  return (
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
  );
}
