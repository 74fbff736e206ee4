import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useDict, useLocale } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import type { Notice } from './ConsoleNotice.tsx';
import { consoleCall } from './consoleApi.ts';
import { redeliveredCount } from './operations.ts';
import type { AttemptRow, DeliveryRow, SubscriptionRow } from './subscriberRows.ts';
import type { TrackedItemView } from './trackingTimeline.ts';

export type SubscriptionAction = 'pause' | 'resume' | 'remove';
export type RedeliverySelection = { deliveryIds: string[] } | { states: string[] };

type ConsoleCall = ReturnType<typeof useConsoleCall>;
type SetNotice = (notice: Notice | undefined) => void;

/** The subscriber's key and language on every call. */
function useConsoleCall(apiKey: string) {
  const locale = useLocale();
  return useCallback(
    <T>(path: string, options?: { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: unknown }) =>
      consoleCall<T>(apiKey, locale, path, options),
    [apiKey, locale],
  );
}

/**
 * The subscriber console's state and its calls to query-api's `/subscriptions`: the list, the
 * selected subscription's deliveries, one delivery's attempts and a tracking item. Each action
 * reloads what it changed, in the order the page has always asked for it.
 */
export function useSubscriberConsole(apiKey: string) {
  const [notice, setNotice] = useState<Notice>();
  const call = useConsoleCall(apiKey);
  const { subscriptions, loadSubscriptions } = useSubscriptionList(call, setNotice);
  const creation = useSubscriptionCreation(call, setNotice, loadSubscriptions);
  const selection = useSubscriptionSelection(call, setNotice, loadSubscriptions);
  const redeliver = useRedelivery(call, setNotice, selection.selected, selection.loadDeliveries);
  return {
    call,
    subscriptions,
    notice,
    loadSubscriptions,
    ...selection,
    redeliver,
    create: creation.create,
    created: creation.created,
    forgetSecret: creation.forgetSecret,
  };
}

/** The subscriber's subscriptions, loaded when the console opens. */
function useSubscriptionList(call: ConsoleCall, setNotice: SetNotice) {
  const [subscriptions, setSubscriptions] = useState<SubscriptionRow[]>();
  const loadSubscriptions = useCallback(async () => {
    const answer = await call<{ dataList: SubscriptionRow[] }>('/subscriptions');
    if (answer.ok) setSubscriptions(answer.body.dataList);
    else setNotice({ ok: false, text: answer.message });
  }, [call, setNotice]);
  useEffect(() => {
    void loadSubscriptions();
  }, [loadSubscriptions]);
  return { subscriptions, loadSubscriptions };
}

/** The subscription opened, with its deliveries, one delivery's attempts and its tracking item. */
function useSubscriptionSelection(
  call: ConsoleCall,
  setNotice: SetNotice,
  loadSubscriptions: () => Promise<void>,
) {
  const [selected, setSelected] = useState<string>();
  const [deliveries, setDeliveries] = useState<DeliveryRow[]>();
  const [attempts, setAttempts] = useState<{ delivery: string; rows: AttemptRow[] }>();
  const [tracking, setTracking] = useState<{ subscription: string; item: TrackedItemView | null }>();

  const loadDeliveries = useCallback(
    async (subscriptionId: string) => {
      const answer = await call<{ dataList: DeliveryRow[] }>(`/subscriptions/${subscriptionId}/deliveries`);
      if (answer.ok) setDeliveries(answer.body.dataList);
      else setNotice({ ok: false, text: answer.message });
    },
    [call, setNotice],
  );

  const act = async (subscription: SubscriptionRow, action: SubscriptionAction) => {
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

  const showAttempts = async (deliveryId: string) => {
    if (!selected) return;
    const answer = await call<{ dataList: AttemptRow[] }>(
      `/subscriptions/${selected}/deliveries/${deliveryId}/attempts`,
    );
    if (answer.ok) setAttempts({ delivery: deliveryId, rows: answer.body.dataList });
    else setNotice({ ok: false, text: answer.message });
  };

  const reloadSelected = async (subscriptionId: string) => {
    await Promise.all([loadSubscriptions(), loadDeliveries(subscriptionId)]);
  };

  return {
    selected,
    deliveries,
    attempts,
    tracking,
    loadDeliveries,
    act,
    open,
    showTracking,
    showAttempts,
    reloadSelected,
  };
}

/** Sending the selected subscription's deliveries again, by id or by state. */
function useRedelivery(
  call: ConsoleCall,
  setNotice: SetNotice,
  selected: string | undefined,
  loadDeliveries: (subscriptionId: string) => Promise<void>,
) {
  const t = useDict();
  return async (body: RedeliverySelection) => {
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
}

/** Creating a change subscription; its signing secret is kept until the reader says it is stored. */
function useSubscriptionCreation(
  call: ConsoleCall,
  setNotice: SetNotice,
  loadSubscriptions: () => Promise<void>,
) {
  const [created, setCreated] = useState<{ id: string; secret: string; existing: boolean }>();
  const create = async (event: FormEvent, enterprise: string, callbackUrl: string) => {
    event.preventDefault();
    const answer = await call<{ subscription?: { id: string; secret?: string; existing?: true } }>(
      '/subscriptions/changes',
      {
        method: 'POST',
        body: { enterprise: enterprise.trim(), callbackUrl: callbackUrl.trim() },
      },
    );
    setNotice(answer.ok ? undefined : { ok: false, text: answer.message });
    // The signing secret is in this answer only (never listed again): show it once, to copy.
    setCreated(
      answer.ok && answer.body.subscription?.secret
        ? {
            id: answer.body.subscription.id,
            secret: answer.body.subscription.secret,
            // The same subscription asked for again (query-api README "Subscribing twice").
            existing: answer.body.subscription.existing === true,
          }
        : undefined,
    );
    if (answer.ok) await loadSubscriptions();
  };

  return { create, created, forgetSecret: () => setCreated(undefined) };
}
