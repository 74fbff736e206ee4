import { useStore } from 'zustand';
import { consoleStore, useDict, useLocale } from '../app/state.ts';
import { RefTable } from '../layout/RefTable.tsx';
import { displayTag } from './consoleFormat.ts';

/** This session's submissions, newest first; an accepted document can be looked up below. */
export function RecentSubmissions(props: { lookUp: (documentId: string) => void }) {
  const p = useDict().console.partner;
  const locale = useLocale();
  const submissions = useStore(consoleStore, (state) => state.submissions);
  return (
    <>
      <h3>{p.recent}</h3>
      {submissions.length === 0 ? (
        <p className="muted">{p.none}</p>
      ) : (
        <RefTable columns={[p.time, p.type, p.result]} testId="submissions">
          {submissions.map((submission) => (
            <tr key={submission.at + submission.path}>
              <td>{new Date(submission.at).toLocaleTimeString(displayTag(locale))}</td>
              <td>{submission.documentType}</td>
              <td className={submission.flag === 'success' ? 'ok' : 'bad'}>
                {submission.status} {submission.flag} {submission.code} — {submission.message}
                {submission.validateOnly && ` (${p.validated})`}
                {submission.documentId && (
                  <>
                    {' '}
                    <code>{submission.documentId}</code>{' '}
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => props.lookUp(submission.documentId as string)}
                    >
                      {p.lookUp}
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </RefTable>
      )}
    </>
  );
}
