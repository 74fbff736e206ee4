import { useId, useState } from 'react';
import { consoleStore, useDict } from '../app/state.ts';

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
      <div className="field">
        <label htmlFor={`${id}-key`}>{t.console.apiKey}</label>
        <input
          id={`${id}-key`}
          type="password"
          autoComplete="off"
          required
          value={key}
          onChange={(event) => setKey(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary btn-block">
        {t.console.signIn}
      </button>
    </form>
  );
}
