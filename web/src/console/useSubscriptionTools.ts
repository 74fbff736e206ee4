import type { TestPushAnswer } from '@tradelog/schemas/queries/subscriptions';
import { useCallback, useEffect, useState } from 'react';
import { useDict, useLocale } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import type { ConsoleAnswer } from './consoleApi.ts';
import { localTime } from './consoleFormat.ts';
import { redeliveredCount } from './operations.ts';
import { type SubscriptionStats, sinceOf, type TestAttempt } from './subscriptionTools.ts';
import { useLatestNotice } from './useLatestNotice.ts';

export type SubscriptionCall = <T>(
  path: string,
  options?: { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: unknown },
) => Promise<ConsoleAnswer<T>>;

/**
 * One subscription's statistics and the tools' actions on it. Choosing another subscription
 * forgets the last test, rotated secret and notice, and loads its statistics.
 */
export function useSubscriptionTools(
  subscriptionId: string,
  call: SubscriptionCall,
  changed: () => Promise<void>,
) {
  const locale = useLocale();
  const [stats, setStats] = useState<SubscriptionStats>();
  const [test, setTest] = useState<TestAttempt | null>();
  const [rotated, setRotated] = useState<{ secret: string; until: string }>();
  const [busy, setBusy] = useState(false);
  const { notice, setNotice, begin } = useLatestNotice();

  const loadStats = useCallback(async () => {
    const answer = await call<{ stats: SubscriptionStats }>(`/subscriptions/${subscriptionId}/stats`);
    if (answer.ok) setStats(answer.body.stats);
  }, [call, subscriptionId]);

  useEffect(() => {
    setTest(undefined);
    setRotated(undefined);
    setNotice(undefined);
    void loadStats();
  }, [loadStats, setNotice]);

  const { saveCallback, redeliverSince } = useSubscriptionChanges(subscriptionId, call, changed, begin);

  const sendTest = async () => {
    const { failed } = begin();
    setBusy(true);
    try {
      const answer = await call<Pick<TestPushAnswer, 'attempt'>>(`/subscriptions/${subscriptionId}/test`, {
        method: 'POST',
      });
      if (failed(answer)) return;
      setTest(answer.body.attempt);
      await Promise.all([changed(), loadStats()]);
    } finally {
      setBusy(false);
    }
  };

  const rotate = async (overlap: string) => {
    const { failed } = begin();
    const answer = await call<{ subscription: { secret: string }; previousSecretUntil: string }>(
      `/subscriptions/${subscriptionId}/rotate-secret`,
      { method: 'POST', body: { overlapMinutes: Number(overlap) } },
    );
    if (failed(answer)) return;
    setRotated({
      secret: answer.body.subscription.secret,
      until: localTime(answer.body.previousSecretUntil, locale),
    });
  };

  const forgetRotated = () => setRotated(undefined);
  return {
    stats,
    notice,
    test,
    rotated,
    busy,
    saveCallback,
    sendTest,
    rotate,
    redeliverSince,
    forgetRotated,
  };
}

/** The tools that change the subscription or its deliveries; each reloads the lists beside them. */
function useSubscriptionChanges(
  subscriptionId: string,
  call: SubscriptionCall,
  changed: () => Promise<void>,
  begin: ReturnType<typeof useLatestNotice>['begin'],
) {
  const s = useDict().console.subs;
  const saveCallback = async (callbackUrl: string, clear: () => void) => {
    const { show, failed } = begin();
    const answer = await call(`/subscriptions/${subscriptionId}`, {
      method: 'PATCH',
      body: { callbackUrl: callbackUrl.trim() },
    });
    if (failed(answer)) return;
    show({ ok: true, text: s.callbackChanged });
    clear();
    await changed();
  };

  const redeliverSince = async (since: string) => {
    const { show, failed } = begin();
    const at = sinceOf(since);
    if (!at) return;
    const answer = await call<{ redelivered: string[] }>(`/subscriptions/${subscriptionId}/redeliver`, {
      method: 'POST',
      body: { since: at },
    });
    if (failed(answer)) return;
    show({ ok: true, text: format(s.redelivered, { count: redeliveredCount(answer.body.redelivered) }) });
    await changed();
  };

  return { saveCallback, redeliverSince };
}
