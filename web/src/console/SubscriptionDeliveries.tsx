import { useDict, useLocale } from '../app/state.ts';
import { RefTable } from '../layout/RefTable.tsx';
import { localTime } from './consoleFormat.ts';
import { LoadedList } from './LoadedList.tsx';
import { type AttemptRow, attemptOutcome, canRedeliver, type DeliveryRow } from './subscriberRows.ts';
import type { RedeliverySelection } from './useSubscriberConsole.ts';

/** The selected subscription's pushes, each one's attempts on demand, and redelivery. */
export function SubscriptionDeliveries(props: {
  deliveries: DeliveryRow[] | undefined;
  redeliver: (selection: RedeliverySelection) => void;
  showAttempts: (deliveryId: string) => void;
}) {
  const t = useDict();
  const s = t.console.subs;
  const { deliveries, redeliver } = props;
  return (
    <>
      <div className="section-head">
        <h3>{s.deliveries}</h3>
        <button type="button" className="btn btn-small" onClick={() => redeliver({ states: ['dead'] })}>
          {s.redeliverDead}
        </button>
      </div>
      <LoadedList rows={deliveries} empty={s.noDeliveries}>
        {(deliveries) => (
          <RefTable
            columns={[s.event, s.sequence, s.state, s.attempts, s.lastError, s.actions]}
            testId="deliveries"
          >
            {deliveries.map((row) => (
              <tr key={row.id}>
                <th scope="row">
                  {row.eventKind} <span className="muted small">{row.subject}</span>
                </th>
                <td>{row.sequence}</td>
                <td>{row.state}</td>
                <td>{row.attempts}</td>
                <td>{row.lastErrorCode ?? '—'}</td>
                <td className="row-actions">
                  <button type="button" className="btn btn-small" onClick={() => props.showAttempts(row.id)}>
                    {s.showAttempts}
                  </button>
                  {canRedeliver(row.state) && (
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => redeliver({ deliveryIds: [row.id] })}
                    >
                      {s.redeliver}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </RefTable>
        )}
      </LoadedList>
    </>
  );
}

/** One delivery's attempts: when each started, what the receiver answered and how fast. */
export function DeliveryAttempts(props: { rows: AttemptRow[] }) {
  const s = useDict().console.subs;
  const locale = useLocale();
  return (
    <>
      <h3>{s.attemptList}</h3>
      <RefTable columns={['#', s.created, s.httpStatus, s.latency, s.outcome]}>
        {props.rows.map((row) => (
          <tr key={row.attempt}>
            <th scope="row">{row.attempt}</th>
            <td>{localTime(row.startedAt, locale)}</td>
            <td>{row.httpStatus ?? '—'}</td>
            <td>{row.latencyMs} ms</td>
            <td className={row.outcome === 'delivered' ? 'ok' : 'bad'}>{attemptOutcome(row)}</td>
          </tr>
        ))}
      </RefTable>
    </>
  );
}
