import { useId } from 'react';
import { useDict } from '../app/state.ts';
import { ConsoleNotice } from './ConsoleNotice.tsx';
import { CreatedSecret, SubscriptionCreateForm } from './SubscriptionCreateForm.tsx';
import { DeliveryAttempts, SubscriptionDeliveries } from './SubscriptionDeliveries.tsx';
import { SubscriptionList } from './SubscriptionList.tsx';
import { SubscriptionTools } from './SubscriptionTools.tsx';
import { trackingSubject } from './subscriberRows.ts';
import { TrackingTimeline } from './TrackingTimeline.tsx';
import { useSubscriberConsole } from './useSubscriberConsole.ts';

/** The subscriber's tab: create, list, inspect and redeliver its subscriptions' pushes. */
export function SubscriberConsole(props: { apiKey: string }) {
  const t = useDict();
  const id = useId();
  const subscriber = useSubscriberConsole(props.apiKey);
  const { selected, tracking } = subscriber;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.console.subscriber.title}</h2>
      <p className="muted">{t.console.subscriber.unavailable}</p>
      <ConsoleNotice notice={subscriber.notice} />
      <SubscriptionCreateForm id={id} create={subscriber.create} />
      {subscriber.created && (
        <CreatedSecret
          secret={subscriber.created.secret}
          existing={subscriber.created.existing}
          stored={subscriber.forgetSecret}
        />
      )}
      <SubscriptionList
        subscriptions={subscriber.subscriptions}
        selected={selected}
        refresh={() => void subscriber.loadSubscriptions()}
        open={(subscriptionId) => void subscriber.open(subscriptionId)}
        showTracking={(subscriptionId) => void subscriber.showTracking(subscriptionId)}
        act={(subscription, action) => void subscriber.act(subscription, action)}
      />
      {selected && tracking?.subscription === selected && (
        <TrackingTimeline
          subject={trackingSubject(subscriber.subscriptions, selected)}
          item={tracking.item}
        />
      )}
      {selected && (
        <>
          <SubscriptionTools
            subscriptionId={selected}
            call={subscriber.call}
            changed={() => subscriber.reloadSelected(selected)}
          />
          <SubscriptionDeliveries
            deliveries={subscriber.deliveries}
            redeliver={(selection) => void subscriber.redeliver(selection)}
            showAttempts={(deliveryId) => void subscriber.showAttempts(deliveryId)}
          />
          {subscriber.attempts && <DeliveryAttempts rows={subscriber.attempts.rows} />}
        </>
      )}
      <ReceiverRules />
    </section>
  );
}

/** What a receiver of the pushes must do, as the console has always listed it. */
function ReceiverRules() {
  const t = useDict();
  return (
    <>
      <h3>{t.console.subscriber.receiverTitle}</h3>
      <ul>
        {t.console.subscriber.receiverRules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </>
  );
}
