import { useId } from 'react';
import { useDict } from '../app/state.ts';
import { FormError } from '../layout/FormError.tsx';
import { AccountCreateForm } from './AccountCreateForm.tsx';
import { AccountTable } from './AccountTable.tsx';
import { useAccounts } from './useAccounts.ts';

/**
 * Accounts and keys (`/ops/accounts`): what `npm run keys` does, with the same rules — the
 * server applies them (projections/src/access/accountCommands.ts) and its message is shown.
 * A new key's secret is shown once, to copy. `onChange` tells the page something was done.
 */
export function AccountsPanel(props: { apiKey: string; onChange: () => void }) {
  const t = useDict().console.ops.accounts;
  const id = useId();
  const { accounts, error, secret, forgetSecret, act } = useAccounts(props.apiKey, props.onChange);
  return (
    <section data-testid="accounts" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t.title}</h3>
      <AccountCreateForm id={id} act={act} />
      {error && <FormError>{error}</FormError>}
      {secret && (
        <div className="card" data-testid="new-api-key">
          <p>{t.secret}</p>
          <code>{secret}</code>{' '}
          <button type="button" className="btn btn-small" onClick={forgetSecret}>
            {t.stored}
          </button>
        </div>
      )}
      {accounts && <AccountTable accounts={accounts} act={act} signedInKey={props.apiKey} />}
    </section>
  );
}
