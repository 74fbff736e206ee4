import type { DocumentLookUp } from '@tradelog/schemas/queries/documents';
import { useDict, useLocale } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import { RefTable } from '../layout/RefTable.tsx';
import { localTime } from './consoleFormat.ts';
import { projectionStateClass } from './partnerDocumentPages.ts';

/** A looked-up submission: its place in the log and its state in every projection that reads it. */
export function DocumentStatus(props: { found: DocumentLookUp }) {
  const p = useDict().console.partner;
  const locale = useLocale();
  const { document, projections } = props.found;
  return (
    <div data-testid="document-status">
      <h3>{p.lookupTitle}</h3>
      <p>
        <code>{document.documentId}</code> {document.type}
        {document.receivedAt ? ` · ${localTime(document.receivedAt, locale)}` : ''}
      </p>
      <p className="muted small">
        {format(p.place, { topic: document.topic, partition: document.partition, offset: document.offset })}
      </p>
      <RefTable columns={[p.projection, p.state, p.deadLetter]} testId="document-projections">
        {projections.map((row) => (
          <tr key={row.projection}>
            <th scope="row">{row.projection}</th>
            <td className={projectionStateClass(row.state)}>{p.states[row.state]}</td>
            <td>
              {row.deadLetter ? (
                <>
                  <code>{row.deadLetter.errorCode}</code> {row.deadLetter.errorMessage} (
                  {row.deadLetter.state})
                </>
              ) : (
                '—'
              )}
            </td>
          </tr>
        ))}
      </RefTable>
    </div>
  );
}
