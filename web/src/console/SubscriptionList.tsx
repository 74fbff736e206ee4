import { useDict, useLocale } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import { RefTable } from '../layout/RefTable.tsx';
import { localTime } from './consoleFormat.ts';
import { LoadedList } from './LoadedList.tsx';
import type { SubscriptionRow } from './subscriberRows.ts';
import type { SubscriptionAction } from './useSubscriberConsole.ts';

/** The subscriber's subscriptions, each with its deliveries, tracking and state actions. */
export function SubscriptionList(props: {
  subscriptions: SubscriptionRow[] | undefined;
  selected: string | undefined;
  refresh: () => void;
  open: (subscriptionId: string) => void;
  showTracking: (subscriptionId: string) => void;
  act: (subscription: SubscriptionRow, action: SubscriptionAction) => void;
}) {
  const t = useDict();
  const s = t.console.subs;
  const { subscriptions } = props;
  return (
    <>
      <div className="section-head">
        <h3>{s.list}</h3>
        <button type="button" className="btn btn-small" onClick={props.refresh}>
          {s.refresh}
        </button>
      </div>
      <LoadedList rows={subscriptions} empty={s.none}>
        {(subscriptions) => (
          <RefTable
            columns={[s.family, s.state, s.callbackUrl, s.criteria, s.created, s.actions]}
            testId="subscriptions"
          >
            {subscriptions.map((row) => (
              <SubscriptionListRow
                key={row.id}
                row={row}
                selected={props.selected}
                open={props.open}
                showTracking={props.showTracking}
                act={props.act}
              />
            ))}
          </RefTable>
        )}
      </LoadedList>
    </>
  );
}

function SubscriptionListRow(props: {
  row: SubscriptionRow;
  selected: string | undefined;
  open: (subscriptionId: string) => void;
  showTracking: (subscriptionId: string) => void;
  act: (subscription: SubscriptionRow, action: SubscriptionAction) => void;
}) {
  const t = useDict();
  const locale = useLocale();
  const s = t.console.subs;
  const { row, act } = props;
  return (
    <tr aria-selected={props.selected === row.id}>
      <th scope="row">{row.family}</th>
      <td>{row.state}</td>
      <td>
        <code>{row.callbackUrl}</code>
      </td>
      <td>
        <code>{JSON.stringify(row.criteria)}</code>
      </td>
      <td>{localTime(row.createdAt, locale)}</td>
      <td className="row-actions">
        <button type="button" className="btn btn-small" onClick={() => props.open(row.id)}>
          {s.deliveries}
        </button>
        {row.family !== 'changes' && (
          <button type="button" className="btn btn-small" onClick={() => props.showTracking(row.id)}>
            {t.console.tracking.show}
          </button>
        )}
        {row.state === 'paused' ? (
          <button type="button" className="btn btn-small" onClick={() => act(row, 'resume')}>
            {s.resume}
          </button>
        ) : (
          <button type="button" className="btn btn-small" onClick={() => act(row, 'pause')}>
            {s.pause}
          </button>
        )}
        <button
          type="button"
          className="btn btn-small"
          onClick={() => {
            // Irreversible (the pushes stop, the secret is gone): asked first.
            if (window.confirm(format(s.confirmRemove, { callback: row.callbackUrl }))) act(row, 'remove');
          }}
        >
          {s.remove}
        </button>
      </td>
    </tr>
  );
}
