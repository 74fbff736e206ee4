import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useDict, useLocale } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import { RefTable } from '../layout/RefTable.tsx';
import { CallbackUrlField } from './CallbackUrlField.tsx';
import { consoleCall } from './consoleApi.ts';
import { redeliveredCount } from './operations.ts';
import { SubscriptionTools } from './SubscriptionTools.tsx';
import { TrackingTimeline } from './TrackingTimeline.tsx';
import type { TrackedItemView } from './trackingTimeline.ts';

/** query-api `/subscriptions` answers (subscription spec §4; Tradelog's own change subscriptions). */
interface SubscriptionRow {
  id: string;
  family: string;
  state: string;
  callbackUrl: string;
  criteria: Record<string, unknown>;
  createdAt: string;
}
interface DeliveryRow {
  id: string;
  eventId: string;
  eventKind: string;
  subject: string;
  sequence: number;
  state: string;
  attempts: number;
  lastErrorCode: string | null;
  createdAt: string;
}
interface AttemptRow {
  attempt: number;
  startedAt: string;
  latencyMs: number;
  httpStatus: number | null;
  outcome: string;
  errorCode: string | null;
}

const time = (value: string, locale: 'cn' | 'en') =>
  new Date(value).toLocaleString(locale === 'cn' ? 'zh-CN' : 'en-GB');

export function SubscriberConsole(props: { apiKey: string }) {
  const t = useDict();
  const locale = useLocale();
  const id = useId();
  const [subscriptions, setSubscriptions] = useState<SubscriptionRow[]>();
  const [selected, setSelected] = useState<string>();
  const [deliveries, setDeliveries] = useState<DeliveryRow[]>();
  const [attempts, setAttempts] = useState<{ delivery: string; rows: AttemptRow[] }>();
  const [tracking, setTracking] = useState<{ subscription: string; item: TrackedItemView | null }>();
  const [notice, setNotice] = useState<{ ok: boolean; text: string }>();
  const [created, setCreated] = useState<{ id: string; secret: string }>();
  const [enterprise, setEnterprise] = useState('');
  const [callbackUrl, setCallbackUrl] = useState('');
  const call = useCallback(
    <T,>(path: string, options?: { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: unknown }) =>
      consoleCall<T>(props.apiKey, locale, path, options),
    [props.apiKey, locale],
  );

  const loadSubscriptions = useCallback(async () => {
    const answer = await call<{ dataList: SubscriptionRow[] }>('/subscriptions');
    if (answer.ok) setSubscriptions(answer.body.dataList);
    else setNotice({ ok: false, text: answer.message });
  }, [call]);

  const loadDeliveries = useCallback(
    async (subscriptionId: string) => {
      const answer = await call<{ dataList: DeliveryRow[] }>(`/subscriptions/${subscriptionId}/deliveries`);
      if (answer.ok) setDeliveries(answer.body.dataList);
      else setNotice({ ok: false, text: answer.message });
    },
    [call],
  );

  useEffect(() => {
    void loadSubscriptions();
  }, [loadSubscriptions]);

  const act = async (subscription: SubscriptionRow, action: 'pause' | 'resume' | 'remove') => {
    const answer =
      action === 'remove'
        ? await call(`/subscriptions/${subscription.id}`, { method: 'DELETE' })
        : await call(`/subscriptions/${subscription.id}/${action}`, { method: 'POST' });
    setNotice(answer.ok ? undefined : { ok: false, text: answer.message });
    if (action === 'remove' && selected === subscription.id) setSelected(undefined);
    await loadSubscriptions();
  };

  const open = async (subscriptionId: string) => {
    setSelected(subscriptionId);
    setAttempts(undefined);
    setTracking(undefined);
    await loadDeliveries(subscriptionId);
  };

  // A tracking subscription's item: the timeline beside the pushes it caused.
  const showTracking = async (subscriptionId: string) => {
    await open(subscriptionId);
    const answer = await call<{ item: TrackedItemView | null }>(`/subscriptions/${subscriptionId}/tracking`);
    if (answer.ok) setTracking({ subscription: subscriptionId, item: answer.body.item });
    else setNotice({ ok: false, text: answer.message });
  };

  const redeliver = async (body: { deliveryIds: string[] } | { states: string[] }) => {
    if (!selected) return;
    // query-api answers the ids of the deliveries it scheduled again (query-api/README.md).
    const answer = await call<{ redelivered: string[] }>(`/subscriptions/${selected}/redeliver`, {
      method: 'POST',
      body,
    });
    setNotice(
      answer.ok
        ? {
            ok: true,
            text: format(t.console.subs.redelivered, { count: redeliveredCount(answer.body.redelivered) }),
          }
        : { ok: false, text: answer.message },
    );
    await loadDeliveries(selected);
  };

  const showAttempts = async (deliveryId: string) => {
    if (!selected) return;
    const answer = await call<{ dataList: AttemptRow[] }>(
      `/subscriptions/${selected}/deliveries/${deliveryId}/attempts`,
    );
    if (answer.ok) setAttempts({ delivery: deliveryId, rows: answer.body.dataList });
    else setNotice({ ok: false, text: answer.message });
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await call<{ subscription?: { id: string; secret?: string } }>('/subscriptions/changes', {
      method: 'POST',
      body: { enterprise: enterprise.trim(), callbackUrl: callbackUrl.trim() },
    });
    setNotice(answer.ok ? undefined : { ok: false, text: answer.message });
    // The signing secret is in this answer only (never listed again): show it once, to copy.
    setCreated(
      answer.ok && answer.body.subscription?.secret
        ? { id: answer.body.subscription.id, secret: answer.body.subscription.secret }
        : undefined,
    );
    if (answer.ok) await loadSubscriptions();
  };

  const s = t.console.subs;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.console.subscriber.title}</h2>
      <p className="muted">{t.console.subscriber.unavailable}</p>
      {notice && (
        <p className={notice.ok ? 'issues ok' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      <form
        className="console-form inline-form subscribe-form"
        onSubmit={create}
        aria-labelledby={`${id}-create`}
      >
        <h3 id={`${id}-create`} className="form-row-title">
          {s.createTitle}
        </h3>
        <div className="field">
          <label htmlFor={`${id}-enterprise`}>{s.enterprise}</label>
          <input
            id={`${id}-enterprise`}
            required
            maxLength={20}
            value={enterprise}
            onChange={(event) => setEnterprise(event.target.value)}
          />
        </div>
        <CallbackUrlField
          id={`${id}-callback`}
          label={s.callbackUrl}
          value={callbackUrl}
          onChange={setCallbackUrl}
        />
        <button type="submit" className="btn btn-primary">
          {s.create}
        </button>
      </form>
      {created && (
        <div className="issues ok" role="status" data-testid="subscription-secret">
          <p>{s.secretOnce}</p>
          <p>
            <code>{created.secret}</code>
          </p>
          <button type="button" className="btn btn-small" onClick={() => setCreated(undefined)}>
            {s.secretStored}
          </button>
        </div>
      )}

      <div className="section-head">
        <h3>{s.list}</h3>
        <button type="button" className="btn btn-small" onClick={() => void loadSubscriptions()}>
          {s.refresh}
        </button>
      </div>
      {subscriptions === undefined ? (
        <p className="loading">{t.common.loading}</p>
      ) : subscriptions.length === 0 ? (
        <p className="muted">{s.none}</p>
      ) : (
        <RefTable
          columns={[s.family, s.state, s.callbackUrl, s.criteria, s.created, s.actions]}
          testId="subscriptions"
        >
          {subscriptions.map((row) => (
            <tr key={row.id} aria-selected={selected === row.id}>
              <th scope="row">{row.family}</th>
              <td>{row.state}</td>
              <td>
                <code>{row.callbackUrl}</code>
              </td>
              <td>
                <code>{JSON.stringify(row.criteria)}</code>
              </td>
              <td>{time(row.createdAt, locale)}</td>
              <td className="row-actions">
                <button type="button" className="btn btn-small" onClick={() => void open(row.id)}>
                  {s.deliveries}
                </button>
                {row.family !== 'changes' && (
                  <button type="button" className="btn btn-small" onClick={() => void showTracking(row.id)}>
                    {t.console.tracking.show}
                  </button>
                )}
                {row.state === 'paused' ? (
                  <button type="button" className="btn btn-small" onClick={() => void act(row, 'resume')}>
                    {s.resume}
                  </button>
                ) : (
                  <button type="button" className="btn btn-small" onClick={() => void act(row, 'pause')}>
                    {s.pause}
                  </button>
                )}
                <button type="button" className="btn btn-small" onClick={() => void act(row, 'remove')}>
                  {s.remove}
                </button>
              </td>
            </tr>
          ))}
        </RefTable>
      )}

      {selected && tracking?.subscription === selected && (
        <TrackingTimeline
          subject={String(
            subscriptions?.find((row) => row.id === selected)?.criteria.logisticCode ?? selected,
          )}
          item={tracking.item}
        />
      )}
      {selected && (
        <>
          <SubscriptionTools
            subscriptionId={selected}
            call={call}
            changed={async () => {
              await Promise.all([loadSubscriptions(), loadDeliveries(selected)]);
            }}
          />
          <div className="section-head">
            <h3>{s.deliveries}</h3>
            <button
              type="button"
              className="btn btn-small"
              onClick={() => void redeliver({ states: ['dead'] })}
            >
              {s.redeliverDead}
            </button>
          </div>
          {deliveries === undefined ? (
            <p className="loading">{t.common.loading}</p>
          ) : deliveries.length === 0 ? (
            <p className="muted">{s.noDeliveries}</p>
          ) : (
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
                    <button type="button" className="btn btn-small" onClick={() => void showAttempts(row.id)}>
                      {s.showAttempts}
                    </button>
                    {['delivered', 'dead', 'superseded', 'cancelled'].includes(row.state) && (
                      <button
                        type="button"
                        className="btn btn-small"
                        onClick={() => void redeliver({ deliveryIds: [row.id] })}
                      >
                        {s.redeliver}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </RefTable>
          )}
          {attempts && (
            <>
              <h3>{s.attemptList}</h3>
              <RefTable columns={['#', s.created, s.httpStatus, s.latency, s.outcome]}>
                {attempts.rows.map((row) => (
                  <tr key={row.attempt}>
                    <th scope="row">{row.attempt}</th>
                    <td>{time(row.startedAt, locale)}</td>
                    <td>{row.httpStatus ?? '—'}</td>
                    <td>{row.latencyMs} ms</td>
                    <td className={row.outcome === 'delivered' ? 'ok' : 'bad'}>
                      {row.outcome}
                      {row.errorCode ? ` (${row.errorCode})` : ''}
                    </td>
                  </tr>
                ))}
              </RefTable>
            </>
          )}
        </>
      )}

      <h3>{t.console.subscriber.receiverTitle}</h3>
      <ul>
        {t.console.subscriber.receiverRules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </section>
  );
}
