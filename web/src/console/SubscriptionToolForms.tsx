import { useDict } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import { CallbackUrlField } from './CallbackUrlField.tsx';
import { InputField } from './InputField.tsx';
import { OneValueForm } from './OneValueForm.tsx';
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
  return (
    <OneValueForm
      initial=""
      button={s.saveCallback}
      send={(callbackUrl, clear) => props.save(callbackUrl, clear)}
      field={(callbackUrl, setCallbackUrl) => (
        <CallbackUrlField
          id={`${props.id}-callback`}
          label={s.newCallback}
          value={callbackUrl}
          onChange={setCallbackUrl}
        />
      )}
    />
  );
}

/** A new signing secret; the old one keeps signing for the overlap, so receivers can switch. */
export function SecretRotationForm(props: { id: string; rotate: (overlap: string) => void }) {
  const s = useDict().console.subs;
  return (
    <OneValueForm
      initial="1440"
      button={s.rotate}
      send={(overlap) => props.rotate(overlap)}
      field={(overlap, setOverlap) => (
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
      )}
    />
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
  return (
    <OneValueForm
      initial=""
      button={s.redeliverSince}
      send={(since) => props.redeliver(since)}
      field={(since, setSince) => (
        <InputField
          id={`${props.id}-since`}
          label={s.since}
          type="datetime-local"
          required
          value={since}
          onChange={setSince}
        />
      )}
    />
  );
}
