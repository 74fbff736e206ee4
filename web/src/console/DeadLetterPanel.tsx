import type {
  DeadLetterState,
  ListedDeadLetter,
  ViewedDeadLetter,
} from '@tradelog/schemas/queries/operations';
import { useDict, useLocale } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import { RefTable } from '../layout/RefTable.tsx';
import { localTime } from './consoleFormat.ts';
import { LoadedList } from './LoadedList.tsx';
import { RecordValue } from './RecordBrowser.tsx';

/** The dead letters in one state, with bulk retry and discard of the selected ones. */
export function DeadLetterPanel(props: {
  letters: ListedDeadLetter[] | undefined;
  letterState: DeadLetterState;
  setLetterState: (state: DeadLetterState) => void;
  bulkResult: string | undefined;
  selected: ReadonlySet<string>;
  toggle: (id: string) => void;
  bulk: (action: 'retry' | 'discard') => void;
  view: (id: string) => void;
  retry: (id: string) => void;
}) {
  const t = useDict();
  const o = t.console.ops;
  const { letters, selected, bulk } = props;
  return (
    <>
      <h3>{o.deadLetters}</h3>
      <label>
        {o.deadLetterState}{' '}
        <select
          value={props.letterState}
          onChange={(event) => props.setLetterState(event.target.value as DeadLetterState)}
          data-testid="dead-letter-state"
        >
          {(Object.keys(o.deadLetterStates) as DeadLetterState[]).map((state) => (
            <option key={state} value={state}>
              {o.deadLetterStates[state]}
            </option>
          ))}
        </select>
      </label>
      {props.bulkResult && (
        <p role="status" className="muted">
          {props.bulkResult}
        </p>
      )}
      <LoadedList rows={letters} empty={o.noDeadLetters}>
        {(letters) => (
          <>
            <div className="actions">
              <button
                type="button"
                className="btn"
                disabled={selected.size === 0}
                onClick={() => bulk('retry')}
              >
                {o.tools.retrySelected}
              </button>
              <button
                type="button"
                className="btn"
                disabled={selected.size === 0}
                onClick={() => {
                  // Irreversible (a discarded letter is never retried): asked first.
                  if (window.confirm(format(o.tools.confirmDiscard, { count: selected.size })))
                    bulk('discard');
                }}
              >
                {o.tools.discardSelected}
              </button>
            </div>
            <DeadLetterTable {...props} letters={letters} />
          </>
        )}
      </LoadedList>
    </>
  );
}

function DeadLetterTable(props: {
  letters: ListedDeadLetter[];
  selected: ReadonlySet<string>;
  toggle: (id: string) => void;
  view: (id: string) => void;
  retry: (id: string) => void;
}) {
  const t = useDict();
  const locale = useLocale();
  const o = t.console.ops;
  return (
    <RefTable
      columns={['', o.projection, o.position, o.error, o.failedAt, o.deadLetterState, t.console.subs.actions]}
      testId="dead-letters"
    >
      {props.letters.map((letter) => (
        <tr key={letter.id}>
          <td>
            <input
              type="checkbox"
              aria-label={format(o.tools.select, { id: letter.id })}
              checked={props.selected.has(letter.id)}
              onChange={() => props.toggle(letter.id)}
            />
          </td>
          <th scope="row">{letter.projection}</th>
          <td>
            <code>
              {letter.topic}/{letter.partition}@{letter.offset}
            </code>
          </td>
          <td>
            <code>{letter.errorCode}</code> {letter.errorMessage}
          </td>
          <td>{localTime(letter.failedAt, locale)}</td>
          <td>{o.deadLetterStates[letter.state] ?? letter.state}</td>
          <td>
            <button type="button" className="btn btn-small" onClick={() => props.view(letter.id)}>
              {o.tools.view}
            </button>{' '}
            {letter.state === 'open' && (
              <button type="button" className="btn btn-small" onClick={() => props.retry(letter.id)}>
                {o.retry}
              </button>
            )}
          </td>
        </tr>
      ))}
    </RefTable>
  );
}

/** One dead letter as it was recorded: its position, error, key, headers and payload. */
export function DeadLetterPayload(props: { viewed: ViewedDeadLetter }) {
  const o = useDict().console.ops;
  const { viewed } = props;
  return (
    <section className="card" data-testid="dead-letter-payload">
      <h4>{format(o.tools.payload, { id: viewed.id })}</h4>
      <p className="small">
        <code>
          {viewed.topic}/{viewed.partition}@{viewed.offset}
        </code>{' '}
        <code>{viewed.errorCode}</code> {viewed.errorMessage}
      </p>
      <p className="small">
        {o.tools.key}: <code>{viewed.recordKey ?? '—'}</code>
      </p>
      <p className="small">
        {o.tools.headers}: <code>{JSON.stringify(viewed.headers)}</code>
      </p>
      <RecordValue record={viewed.payload} />
    </section>
  );
}
