import type { BrowsedRecord, DecodedValue, RecordPage } from '@tradelog/schemas/queries/records';
import { type FormEvent, useId, useState } from 'react';
import { useDict, useLocale } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import { FormError } from '../layout/FormError.tsx';
import { consoleCall } from './consoleApi.ts';
import { InputField } from './InputField.tsx';

/** One record's value: decoded with its schema, or its bytes and why they did not decode. */
export function RecordValue(props: { record: DecodedValue }) {
  const t = useDict().console.ops.tools;
  const { record } = props;
  return (
    <>
      {/* A change event names its contract, not a registry id (query-api README "Record browser"). */}
      {(record.schemaId !== null || record.schema !== null) && (
        <p className="small">
          {t.schema}: {record.schemaId !== null && <code>{record.schemaId}</code>}{' '}
          {record.schema?.title ?? ''} {record.schema?.id && <code>{record.schema.id}</code>}
        </p>
      )}
      {record.error ? (
        <>
          <p className="bad">
            <code>{record.error.code}</code> {record.error.message}
          </p>
          <p className="small">{t.bytes}</p>
          <pre className="code-block">{record.valueBase64}</pre>
        </>
      ) : (
        <pre className="code-block" data-testid="record-value">
          {JSON.stringify(record.value, null, 2)}
        </pre>
      )}
    </>
  );
}

/** What the browser reads: a topic's partition, from an offset, at most `limit` records. */
type RecordQuery = { topic: string; partition: string; offset: string; limit: string };

export function RecordBrowser(props: { apiKey: string }) {
  const t = useDict().console.ops.tools;
  const locale = useLocale();
  const id = useId();
  const [form, setForm] = useState<RecordQuery>({ topic: '', partition: '0', offset: '0', limit: '10' });
  const [page, setPage] = useState<RecordPage>();
  const [error, setError] = useState<string>();

  const read = async (offset: string) => {
    const query = new URLSearchParams({ ...form, offset });
    const answer = await consoleCall<RecordPage>(props.apiKey, locale, `/ops/records?${query}`);
    if (!answer.ok) {
      setError(answer.message);
      setPage(undefined);
      return;
    }
    setError(undefined);
    setForm((current) => ({ ...current, offset }));
    setPage(answer.body);
  };
  return (
    <section aria-labelledby={`${id}-title`} data-testid="record-browser">
      <h3 id={`${id}-title`}>{t.records}</h3>
      <RecordQueryForm id={id} form={form} onChange={setForm} onRead={() => void read(form.offset)} />
      {error && <FormError>{error}</FormError>}
      {page && (
        <>
          <p className="muted small">
            {format(t.bounds, { start: page.logStartOffset, end: page.highWatermark })}
          </p>
          {page.dataList.length === 0 ? (
            <p className="muted">{t.noRecords}</p>
          ) : (
            <ol className="record-list">
              {page.dataList.map((record) => (
                <RecordCard key={record.offset} record={record} />
              ))}
            </ol>
          )}
          <button
            type="button"
            className="btn"
            disabled={page.nextOffset === form.offset}
            onClick={() => void read(page.nextOffset)}
          >
            {t.next}
          </button>
        </>
      )}
    </section>
  );
}

/** The topic, partition, offset and limit, each required, and the button that reads. */
function RecordQueryForm(props: {
  id: string;
  form: RecordQuery;
  onChange(form: RecordQuery): void;
  onRead(): void;
}) {
  const t = useDict().console.ops.tools;
  const { id, form, onChange } = props;
  const field = (name: keyof RecordQuery, label: string, inputMode?: 'numeric') => (
    <InputField
      id={`${id}-${name}`}
      label={label}
      required
      inputMode={inputMode}
      value={form[name]}
      onChange={(value) => onChange({ ...form, [name]: value })}
    />
  );
  return (
    <form
      className="console-form inline-form"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        props.onRead();
      }}
    >
      {field('topic', t.topic)}
      {field('partition', t.partition, 'numeric')}
      {field('offset', t.offset, 'numeric')}
      {field('limit', t.limit, 'numeric')}
      <button type="submit" className="btn btn-primary">
        {t.read}
      </button>
    </form>
  );
}

/** One record read: its offset and time, its key, its headers and its value. */
function RecordCard(props: { record: BrowsedRecord }) {
  const t = useDict().console.ops.tools;
  const { record } = props;
  return (
    <li className="card" data-offset={record.offset}>
      <h4>
        {t.offset} {record.offset} · {record.timestamp}
      </h4>
      <p className="small">
        {t.key}: <code>{record.key ?? '—'}</code>
      </p>
      <dl className="record-headers" aria-label={t.headers}>
        {Object.entries(record.headers).map(([name, value]) => (
          <div key={name}>
            <dt>
              <code>{name}</code>
            </dt>
            <dd>
              <code>{value ?? '—'}</code>
            </dd>
          </div>
        ))}
      </dl>
      <RecordValue record={record} />
    </li>
  );
}
