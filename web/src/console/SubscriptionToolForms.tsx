import { type FormEvent, useState } from 'react';
import { useDict } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import { CallbackUrlField } from './CallbackUrlField.tsx';
import { InputField } from './InputField.tsx';
import { SecretShownOnce } from './SecretShownOnce.tsx';
import { type TestAttempt, testSummary } from './subscriptionTools.ts';

/** What the receiver made of the test push, or that it is queued behind other pushes. */
export function TestPushResult(props: { test: TestAttempt | null }) {
  const s = useDict().console.subs;
  const { test } = props;
  return (
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
  );
}

export function CallbackUrlForm(props: {
  id: string;
  save: (callbackUrl: string, clear: () => void) => void;
}) {
  const s = useDict().console.subs;
  const [callbackUrl, setCallbackUrl] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.save(callbackUrl, () => setCallbackUrl(''));
  };
  return (
    <form className="console-form inline-form" onSubmit={submit}>
      <CallbackUrlField
        id={`${props.id}-callback`}
        label={s.newCallback}
        value={callbackUrl}
        onChange={setCallbackUrl}
      />
      <button type="submit" className="btn">
        {s.saveCallback}
      </button>
    </form>
  );
}

/** A new signing secret; the old one keeps signing for the overlap, so receivers can switch. */
export function SecretRotationForm(props: { id: string; rotate: (overlap: string) => void }) {
  const s = useDict().console.subs;
  const [overlap, setOverlap] = useState('1440');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.rotate(overlap);
  };
  return (
    <form className="console-form inline-form" onSubmit={submit}>
      <InputField
        id={`${props.id}-overlap`}
        label={s.overlap}
        type="number"
        min={0}
        max={10080}
        required
        value={overlap}
        onChange={setOverlap}
      />
      <button type="submit" className="btn">
        {s.rotate}
      </button>
    </form>
  );
}

/** The rotated secret, shown once, and until when the old one is still accepted. */
export function RotatedSecret(props: { rotated: { secret: string; until: string }; stored: () => void }) {
  const s = useDict().console.subs;
  return (
    <SecretShownOnce
      testId="rotated-secret"
      message={format(s.rotated, { until: props.rotated.until })}
      secret={props.rotated.secret}
      stored={props.stored}
    />
  );
}

export function RedeliverSinceForm(props: { id: string; redeliver: (since: string) => void }) {
  const s = useDict().console.subs;
  const [since, setSince] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.redeliver(since);
  };
  return (
    <form className="console-form inline-form" onSubmit={submit}>
      <InputField
        id={`${props.id}-since`}
        label={s.since}
        type="datetime-local"
        required
        value={since}
        onChange={setSince}
      />
      <button type="submit" className="btn">
        {s.redeliverSince}
      </button>
    </form>
  );
}
