import type { ShownAuditEntry } from '@tradelog/schemas/queries/operations';
import { useCallback, useEffect, useState } from 'react';
import { useDict, useLocale } from '../app/state.ts';
import { FormError } from '../layout/FormError.tsx';
import { RefTable } from '../layout/RefTable.tsx';
import { consoleCall } from './consoleApi.ts';
import { localTime } from './consoleFormat.ts';

/**
 * Who did what to the pipeline, newest first (`GET /ops/audit`). `version` changes whenever the
 * page did something, so the list follows the page's own actions.
 */
export function AuditPanel(props: { apiKey: string; version: number }) {
  const t = useDict().console.ops.tools;
  const locale = useLocale();
  const [rows, setRows] = useState<ShownAuditEntry[]>();
  const [error, setError] = useState<string>();
  const load = useCallback(async () => {
    const answer = await consoleCall<{ dataList: ShownAuditEntry[] }>(
      props.apiKey,
      locale,
      '/ops/audit?limit=50',
    );
    if (answer.ok) setRows(answer.body.dataList);
    else setError(answer.message);
  }, [props.apiKey, locale]);
  useEffect(() => {
    void props.version;
    void load();
  }, [load, props.version]);
  return (
    <section data-testid="audit">
      <h3>{t.audit}</h3>
      {error && <FormError>{error}</FormError>}
      {rows && rows.length === 0 && <p className="muted">{t.noAudit}</p>}
      {rows && rows.length > 0 && (
        <RefTable columns={[t.at, t.actor, t.action, t.subject]} testId="audit-table">
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{localTime(row.at, locale)}</td>
              <td>{row.actor}</td>
              <td>
                <code>{row.action}</code>
              </td>
              <td>
                <code>{JSON.stringify(row.subject)}</code>
              </td>
            </tr>
          ))}
        </RefTable>
      )}
    </section>
  );
}
