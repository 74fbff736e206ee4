import type { ListedAccount } from '@tradelog/schemas/access/accountListing';
import { feedFamilies } from '@tradelog/schemas/documents/catalogue';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useDict, useLocale } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import { FormError } from '../layout/FormError.tsx';
import { RefTable } from '../layout/RefTable.tsx';
import { consoleCall } from './consoleApi.ts';

const listOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * Accounts and keys (`/ops/accounts`): what `npm run keys` does, with the same rules — the
 * server applies them (projections/src/access/accountCommands.ts) and its message is shown.
 * A new key's secret is shown once, to copy. `onChange` tells the page something was done.
 */
export function AccountsPanel(props: { apiKey: string; onChange: () => void }) {
  const t = useDict().console.ops.accounts;
  const locale = useLocale();
  const id = useId();
  const [accounts, setAccounts] = useState<ListedAccount[]>();
  const [error, setError] = useState<string>();
  const [secret, setSecret] = useState<string>();
  const [form, setForm] = useState({
    kind: 'lender',
    name: '',
    code: '',
    enterprises: '',
    feeds: '',
    confirmAnyEnterprise: false,
  });
  const anyEnterprise = listOf(form.enterprises).includes('*');
  const [grants, setGrants] = useState<Record<string, string>>({});

  const call = useCallback(
    <T,>(path: string, body?: unknown) =>
      consoleCall<T>(props.apiKey, locale, path, body === undefined ? {} : { method: 'POST', body }),
    [props.apiKey, locale],
  );
  const load = useCallback(async () => {
    const answer = await call<{ dataList: ListedAccount[] }>('/ops/accounts');
    if (answer.ok) setAccounts(answer.body.dataList);
    else setError(answer.message);
  }, [call]);
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (path: string, body: unknown) => {
    const answer = await call<{ apiKey?: string }>(path, body);
    setError(answer.ok ? undefined : answer.message);
    if (answer.ok && answer.body.apiKey) setSecret(answer.body.apiKey);
    if (answer.ok) props.onChange();
    await load();
    return answer.ok;
  };
  const create = async (event: FormEvent) => {
    event.preventDefault();
    const done = await act('/ops/accounts', {
      kind: form.kind,
      name: form.name,
      ...(form.code.trim() ? { code: form.code.trim() } : {}),
      enterprises: listOf(form.enterprises),
      feeds: listOf(form.feeds),
      ...(anyEnterprise && form.confirmAnyEnterprise ? { confirmAnyEnterprise: true } : {}),
    });
    if (done)
      setForm({ ...form, name: '', code: '', enterprises: '', feeds: '', confirmAnyEnterprise: false });
  };
  const changeGrants = (account: ListedAccount, command: 'grant' | 'withdraw') => {
    const codes = listOf(grants[account.id] ?? '');
    // One field for both: a feed family is a name of the catalogue's, anything else an enterprise code.
    const feeds = codes.filter((code) => feedFamilies.includes(code));
    // Any enterprise is granted only when the operator says so twice (the server's rule).
    const confirmAnyEnterprise = command === 'grant' && codes.includes('*') && window.confirm(t.confirmAny);
    void act(`/ops/accounts/${account.id}/${command}`, {
      enterprises: codes.filter((code) => !feeds.includes(code)),
      feeds,
      ...(confirmAnyEnterprise ? { confirmAnyEnterprise } : {}),
    });
  };

  return (
    <section data-testid="accounts" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t.title}</h3>
      <form className="console-form inline-form" onSubmit={create}>
        <div className="field">
          <label htmlFor={`${id}-kind`}>{t.kind}</label>
          <select
            id={`${id}-kind`}
            value={form.kind}
            onChange={(event) => setForm({ ...form, kind: event.target.value })}
          >
            {(['partner', 'lender', 'subscriber', 'operator'] as const).map((kind) => (
              <option key={kind} value={kind}>
                {kind}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t.name}</label>
          <input
            id={`${id}-name`}
            value={form.name}
            onChange={(event) => setForm({ ...form, name: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-code`}>{t.code}</label>
          <input
            id={`${id}-code`}
            value={form.code}
            onChange={(event) => setForm({ ...form, code: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-enterprises`}>{t.enterprises}</label>
          <input
            id={`${id}-enterprises`}
            value={form.enterprises}
            onChange={(event) => setForm({ ...form, enterprises: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-feeds`}>{t.feeds}</label>
          <input
            id={`${id}-feeds`}
            value={form.feeds}
            onChange={(event) => setForm({ ...form, feeds: event.target.value })}
          />
        </div>
        {anyEnterprise && (
          <label className="field checkbox">
            <input
              type="checkbox"
              checked={form.confirmAnyEnterprise}
              onChange={(event) => setForm({ ...form, confirmAnyEnterprise: event.target.checked })}
            />{' '}
            {t.confirmAny}
          </label>
        )}
        <button type="submit" className="btn btn-primary">
          {t.create}
        </button>
      </form>
      {error && <FormError>{error}</FormError>}
      {secret && (
        <div className="card" data-testid="new-api-key">
          <p>{t.secret}</p>
          <code>{secret}</code>{' '}
          <button type="button" className="btn btn-small" onClick={() => setSecret(undefined)}>
            {t.stored}
          </button>
        </div>
      )}
      {accounts && (
        <RefTable columns={[t.account, t.kind, t.grants, t.keys, t.change]} testId="accounts-table">
          {accounts.map((account) => (
            <tr key={account.id} data-code={account.code}>
              <th scope="row">
                {account.name} <code>{account.code}</code>
              </th>
              <td>{account.kind}</td>
              <td className="grants">
                {[...account.enterprises, ...account.feeds].join(', ') || '—'}
                {account.standingWildcard && (
                  <p className="bad" data-testid="standing-wildcard">
                    {t.wide}:{' '}
                    {[
                      account.standingWildcard.anyEnterprise && t.anyEnterprise,
                      account.standingWildcard.everyFeed && t.everyFeed,
                    ]
                      .filter(Boolean)
                      .join(', ')}
                    . {format(t.narrowHint, { code: account.code })}
                  </p>
                )}
              </td>
              <td>
                <ul className="plain">
                  {account.keys.map((key) => (
                    <li key={key.id}>
                      <code>{key.keyPrefix}…</code>{' '}
                      {key.revokedAt ? (
                        <span className="bad">{t.revoked}</span>
                      ) : (
                        <button
                          type="button"
                          className="btn btn-small"
                          onClick={() => void act(`/ops/keys/${key.id}/revoke`, {})}
                        >
                          {t.revoke}
                        </button>
                      )}
                    </li>
                  ))}
                </ul>
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => void act(`/ops/accounts/${account.id}/keys`, { kind: account.kind })}
                >
                  {t.addKey}
                </button>
              </td>
              <td>
                <input
                  aria-label={`${t.grantCodes} ${account.code}`}
                  value={grants[account.id] ?? ''}
                  onChange={(event) => setGrants({ ...grants, [account.id]: event.target.value })}
                />{' '}
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => changeGrants(account, 'grant')}
                >
                  {t.grant}
                </button>{' '}
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => changeGrants(account, 'withdraw')}
                >
                  {t.withdraw}
                </button>
              </td>
            </tr>
          ))}
        </RefTable>
      )}
    </section>
  );
}
