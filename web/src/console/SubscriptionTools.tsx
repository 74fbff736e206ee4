import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useDict, useLocale } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import { CallbackUrlField } from './CallbackUrlField.tsx';
import type { ConsoleAnswer } from './consoleApi.ts';
import { redeliveredCount } from './operations.ts';
import {
  healthOf,
  type SubscriptionStats,
  sinceOf,
  type TestAttempt,
  testSummary,
} from './subscriptionTools.ts';

type Call = <T>(
  path: string,
  options?: { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: unknown },
) => Promise<ConsoleAnswer<T>>;

/**
 * One subscription's tools (query-api README "Subscriber tools"): its success rate and latency,
 * a new callback URL, a test push with the receiver's reply, secret rotation with an overlap,
 * and redelivery of what failed since a time. `changed` reloads the lists beside it.
 */
export function SubscriptionTools(props: {
  subscriptionId: string;
  call: Call;
  changed: () => Promise<void>;
}) {
  const t = useDict();
  const locale = useLocale();
  const s = t.console.subs;
  const id = useId();
  const { subscriptionId, call, changed } = props;
  const [stats, setStats] = useState<SubscriptionStats>();
  const [notice, setNotice] = useState<{ ok: boolean; text: string }>();
  const [callbackUrl, setCallbackUrl] = useState('');
  const [test, setTest] = useState<TestAttempt | null>();
  const [overlap, setOverlap] = useState('1440');
  const [rotated, setRotated] = useState<{ secret: string; until: string }>();
  const [since, setSince] = useState('');
  const [busy, setBusy] = useState(false);

  const loadStats = useCallback(async () => {
    const answer = await call<{ stats: SubscriptionStats }>(`/subscriptions/${subscriptionId}/stats`);
    if (answer.ok) setStats(answer.body.stats);
  }, [call, subscriptionId]);

  useEffect(() => {
    setTest(undefined);
    setRotated(undefined);
    setNotice(undefined);
    void loadStats();
  }, [loadStats]);

  /**
   * Starts an action: its notice replaces the one before, and only the latest action's notice is
   * shown — a test push answers only once its attempt is recorded (up to 15 s), and its late
   * answer must not wipe the refusal of a callback URL changed meanwhile.
   */
  const latest = useRef(0);
  const begin = () => {
    const mine = ++latest.current;
    setNotice(undefined);
    const show = (next: { ok: boolean; text: string }) => {
      if (mine === latest.current) setNotice(next);
    };
    const failed = (answer: ConsoleAnswer<unknown>) => {
      if (!answer.ok) show({ ok: false, text: answer.message });
      return !answer.ok;
    };
    return { show, failed };
  };

  const saveCallback = async (event: FormEvent) => {
    event.preventDefault();
    const { show, failed } = begin();
    const answer = await call(`/subscriptions/${subscriptionId}`, {
      method: 'PATCH',
      body: { callbackUrl: callbackUrl.trim() },
    });
    if (failed(answer)) return;
    show({ ok: true, text: s.callbackChanged });
    setCallbackUrl('');
    await changed();
  };

  const sendTest = async () => {
    const { failed } = begin();
    setBusy(true);
    try {
      const answer = await call<{ attempt: TestAttempt | null }>(`/subscriptions/${subscriptionId}/test`, {
        method: 'POST',
      });
      if (failed(answer)) return;
      setTest(answer.body.attempt);
      await Promise.all([changed(), loadStats()]);
    } finally {
      setBusy(false);
    }
  };

  const rotate = async (event: FormEvent) => {
    event.preventDefault();
    const { failed } = begin();
    const answer = await call<{ subscription: { secret: string }; previousSecretUntil: string }>(
      `/subscriptions/${subscriptionId}/rotate-secret`,
      { method: 'POST', body: { overlapMinutes: Number(overlap) } },
    );
    if (failed(answer)) return;
    setRotated({
      secret: answer.body.subscription.secret,
      until: new Date(answer.body.previousSecretUntil).toLocaleString(locale === 'cn' ? 'zh-CN' : 'en-GB'),
    });
  };

  const redeliverSince = async (event: FormEvent) => {
    event.preventDefault();
    const { show, failed } = begin();
    const at = sinceOf(since);
    if (!at) return;
    const answer = await call<{ redelivered: string[] }>(`/subscriptions/${subscriptionId}/redeliver`, {
      method: 'POST',
      body: { since: at },
    });
    if (failed(answer)) return;
    show({
      ok: true,
      text: format(s.redelivered, { count: redeliveredCount(answer.body.redelivered) }),
    });
    await changed();
  };

  const health = stats && healthOf(stats);
  return (
    <section className="subscription-tools" aria-labelledby={`${id}-title`} data-testid="subscription-tools">
      <h3 id={`${id}-title`}>{s.tools}</h3>
      <p data-testid="subscription-health">
        {stats === undefined ? t.common.loading : health ? format(s.health, health) : s.healthNone}
      </p>
      {notice && (
        <p className={notice.ok ? 'issues ok' : 'form-error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      <div className="actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void sendTest()}>
          {s.sendTest}
        </button>
      </div>
      {test !== undefined && (
        <div
          className={test?.outcome === 'delivered' ? 'issues ok' : 'issues bad'}
          role="status"
          data-testid="test-push"
        >
          {test === null ? (
            <p>{s.testQueued}</p>
          ) : (
            <>
              <p>{format(s.testSent, testSummary(test))}</p>
              {test.replyExcerpt && (
                <p>
                  {s.reply}: <code>{test.replyExcerpt}</code>
                </p>
              )}
            </>
          )}
        </div>
      )}
      <form className="console-form inline-form" onSubmit={saveCallback}>
        <CallbackUrlField
          id={`${id}-callback`}
          label={s.newCallback}
          value={callbackUrl}
          onChange={setCallbackUrl}
        />
        <button type="submit" className="btn">
          {s.saveCallback}
        </button>
      </form>
      <form className="console-form inline-form" onSubmit={rotate}>
        <div className="field">
          <label htmlFor={`${id}-overlap`}>{s.overlap}</label>
          <input
            id={`${id}-overlap`}
            type="number"
            min={0}
            max={10080}
            required
            value={overlap}
            onChange={(event) => setOverlap(event.target.value)}
          />
        </div>
        <button type="submit" className="btn">
          {s.rotate}
        </button>
      </form>
      {rotated && (
        <div className="issues ok" role="status" data-testid="rotated-secret">
          <p>{format(s.rotated, { until: rotated.until })}</p>
          <p>
            <code>{rotated.secret}</code>
          </p>
          <button type="button" className="btn btn-small" onClick={() => setRotated(undefined)}>
            {s.secretStored}
          </button>
        </div>
      )}
      <form className="console-form inline-form" onSubmit={redeliverSince}>
        <div className="field">
          <label htmlFor={`${id}-since`}>{s.since}</label>
          <input
            id={`${id}-since`}
            type="datetime-local"
            required
            value={since}
            onChange={(event) => setSince(event.target.value)}
          />
        </div>
        <button type="submit" className="btn">
          {s.redeliverSince}
        </button>
      </form>
    </section>
  );
}
