import { type FormEvent, useState } from 'react';
import { useDict } from '../app/state.ts';
import { CallbackUrlField } from './CallbackUrlField.tsx';
import { InputField } from './InputField.tsx';
import { SecretShownOnce } from './SecretShownOnce.tsx';

/** The form that subscribes an enterprise's changes to a callback URL. */
export function SubscriptionCreateForm(props: {
  id: string;
  create: (event: FormEvent, enterprise: string, callbackUrl: string) => Promise<void>;
}) {
  const s = useDict().console.subs;
  const { id } = props;
  const [enterprise, setEnterprise] = useState('');
  const [callbackUrl, setCallbackUrl] = useState('');
  return (
    <form
      className="console-form inline-form subscribe-form"
      onSubmit={(event) => props.create(event, enterprise, callbackUrl)}
      aria-labelledby={`${id}-create`}
    >
      <h3 id={`${id}-create`} className="form-row-title">
        {s.createTitle}
      </h3>
      <InputField
        id={`${id}-enterprise`}
        label={s.enterprise}
        required
        maxLength={20}
        value={enterprise}
        onChange={setEnterprise}
      />
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
  );
}

/**
 * A new subscription's signing secret, shown once: the answer that created it is its only copy.
 * The same subscription asked for again is answered with it again, and said to be that one.
 */
export function CreatedSecret(props: { secret: string; existing?: boolean; stored: () => void }) {
  const s = useDict().console.subs;
  return (
    <SecretShownOnce
      testId="subscription-secret"
      message={props.existing ? s.secretOfExisting : s.secretOnce}
      secret={props.secret}
      stored={props.stored}
    />
  );
}
