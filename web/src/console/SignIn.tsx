import { useId, useState } from 'react';
import { consoleStore, useDict } from '../app/state.ts';
import { InputField } from './InputField.tsx';

/** The console's sign-in: an API key, kept by the console store (consoleStore.ts). */
export function SignIn() {
  const t = useDict();
  const [key, setKey] = useState('');
  const id = useId();
  return (
    <form
      className="form-card narrow-card"
      onSubmit={(event) => {
        event.preventDefault();
        consoleStore.getState().signIn(key);
      }}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{t.console.signInTitle}</h2>
      <p className="muted">{t.console.signInLead}</p>
      <InputField
        id={`${id}-key`}
        label={t.console.apiKey}
        type="password"
        autoComplete="off"
        required
        value={key}
        onChange={setKey}
      />
      <button type="submit" className="btn btn-primary btn-block">
        {t.console.signIn}
      </button>
    </form>
  );
}
