import { examples } from '@tradelog/schemas/queries/examples';
import { type FormEvent, useId, useState } from 'react';
import { useDict, useLocale } from '../app/state.ts';
import { FormError } from '../layout/FormError.tsx';
import { consoleCall } from './consoleApi.ts';
import { LabelledField } from './LabelledField.tsx';
import { TrackingTimeline } from './TrackingTimeline.tsx';
import type { TrackedItemView } from './trackingTimeline.ts';

type Family = 'express' | 'ocean' | 'terminal' | 'air';

/**
 * The request each family's timeline starts from: its query's example (the catalogue's), less a
 * callback — a timeline is a look-up, never a subscription.
 */
const exampleOf = (family: Family): string => {
  const query: object = {
    express: examples.expressInstantQuery,
    ocean: examples.oceanTracking,
    terminal: examples.terminalTracking,
    air: examples.airTracking,
  }[family];
  const request = Object.fromEntries(Object.entries(query).filter(([name]) => name !== 'callbackUrl'));
  return JSON.stringify(request, null, 2);
};

/**
 * A parcel's, container's, shipment's or flight's timeline for a lender (`POST
 * /open/tracking/timeline`): the family's own query request, checked and billed as that query;
 * drawn by the subscriber console's timeline (one component, one layout: trackingTimeline.ts).
 */
export function LenderTracking(props: { apiKey: string }) {
  const t = useDict().console.lender.tracking;
  const locale = useLocale();
  const id = useId();
  const [family, setFamily] = useState<Family>('express');
  const [text, setText] = useState(() => exampleOf('express'));
  const [shown, setShown] = useState<{ subject: string; item: TrackedItemView | null }>();
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let request: unknown;
    try {
      request = JSON.parse(text);
    } catch {
      setError(t.invalidJson);
      return;
    }
    const answer = await consoleCall<{ item: TrackedItemView | null }>(
      props.apiKey,
      locale,
      '/open/tracking/timeline',
      {
        method: 'POST',
        body: { family, request },
      },
    );
    setError(answer.ok ? undefined : answer.message);
    setShown(
      answer.ok ? { subject: text.replace(/\s+/g, ' ').slice(0, 80), item: answer.body.item } : undefined,
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="lender-tracking" data-testid="lender-tracking">
      <h2 id={`${id}-title`}>{t.title}</h2>
      <form className="console-form" onSubmit={submit}>
        <LabelledField id={`${id}-family`} label={t.family}>
          <select
            id={`${id}-family`}
            value={family}
            onChange={(event) => {
              const next = event.target.value as Family;
              setFamily(next);
              setText(exampleOf(next));
              setShown(undefined);
            }}
          >
            {(['express', 'ocean', 'terminal', 'air'] as const).map((name) => (
              <option key={name} value={name}>
                {t.families[name]}
              </option>
            ))}
          </select>
        </LabelledField>
        <LabelledField id={`${id}-request`} label={t.request}>
          <textarea
            id={`${id}-request`}
            className="code-input"
            rows={6}
            spellCheck={false}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </LabelledField>
        <button type="submit" className="btn btn-primary">
          {t.show}
        </button>
      </form>
      {error && <FormError>{error}</FormError>}
      {shown && <TrackingTimeline subject={shown.subject} item={shown.item} />}
    </section>
  );
}
