import { useId } from 'react';
import { useDict } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import { ConsoleNotice } from './ConsoleNotice.tsx';
import {
  CallbackUrlForm,
  RedeliverSinceForm,
  RotatedSecret,
  SecretRotationForm,
  TestPushResult,
} from './SubscriptionToolForms.tsx';
import { healthOf } from './subscriptionTools.ts';
import { type SubscriptionCall, useSubscriptionTools } from './useSubscriptionTools.ts';

/**
 * One subscription's tools (query-api README "Subscriber tools"): its success rate and latency,
 * a new callback URL, a test push with the receiver's reply, secret rotation with an overlap,
 * and redelivery of what failed since a time. `changed` reloads the lists beside it.
 */
export function SubscriptionTools(props: {
  subscriptionId: string;
  call: SubscriptionCall;
  changed: () => Promise<void>;
}) {
  const t = useDict();
  const s = t.console.subs;
  const id = useId();
  const tools = useSubscriptionTools(props.subscriptionId, props.call, props.changed);
  const { stats, test } = tools;
  const health = stats && healthOf(stats);
  return (
    <section className="subscription-tools" aria-labelledby={`${id}-title`} data-testid="subscription-tools">
      <h3 id={`${id}-title`}>{s.tools}</h3>
      <p data-testid="subscription-health">
        {stats === undefined ? t.common.loading : health ? format(s.health, health) : s.healthNone}
      </p>
      <ConsoleNotice notice={tools.notice} />
      <div className="actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={tools.busy}
          onClick={() => void tools.sendTest()}
        >
          {s.sendTest}
        </button>
      </div>
      {test !== undefined && <TestPushResult test={test} />}
      <CallbackUrlForm id={id} save={(callbackUrl, clear) => void tools.saveCallback(callbackUrl, clear)} />
      <SecretRotationForm id={id} rotate={(overlap) => void tools.rotate(overlap)} />
      {tools.rotated && <RotatedSecret rotated={tools.rotated} stored={tools.forgetRotated} />}
      <RedeliverSinceForm id={id} redeliver={(since) => void tools.redeliverSince(since)} />
    </section>
  );
}
