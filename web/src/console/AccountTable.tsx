import type { ListedAccount } from '@tradelog/schemas/access/accountListing';
import { useState } from 'react';
import { consoleStore, useDict } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import { RefTable } from '../layout/RefTable.tsx';
import { grantChangeBody, listOf, wideGrantText } from './accountCommands.ts';

type Act = (path: string, body: unknown) => Promise<boolean>;

/**
 * Every account with its grants, its keys and the commands that change them. `signedInKey`: the
 * key this console calls with, so that revoking it says so (and signs out).
 */
export function AccountTable(props: { accounts: ListedAccount[]; act: Act; signedInKey: string }) {
  const t = useDict().console.ops.accounts;
  return (
    <RefTable columns={[t.account, t.kind, t.grants, t.keys, t.change]} testId="accounts-table">
      {props.accounts.map((account) => (
        <tr key={account.id} data-code={account.code}>
          <th scope="row">
            {account.name} <code>{account.code}</code>
          </th>
          <td>{account.kind}</td>
          <AccountGrants account={account} />
          <AccountKeys account={account} act={props.act} signedInKey={props.signedInKey} />
          <GrantChange account={account} act={props.act} />
        </tr>
      ))}
    </RefTable>
  );
}

function AccountGrants(props: { account: ListedAccount }) {
  const t = useDict().console.ops.accounts;
  const { account } = props;
  return (
    <td className="grants">
      {[...account.enterprises, ...account.feeds].join(', ') || '—'}
      {account.standingWildcard && (
        <p className="bad" data-testid="standing-wildcard">
          {t.wide}: {wideGrantText(account.standingWildcard, t)}.{' '}
          {format(t.narrowHint, { code: account.code })}
        </p>
      )}
    </td>
  );
}

function AccountKeys(props: { account: ListedAccount; act: Act; signedInKey: string }) {
  const t = useDict().console.ops.accounts;
  const { account, act } = props;
  // A revocation cannot be undone, and one click took effect at once (the console's own key
  // too, which left it refused on every call): it is confirmed first, naming the key.
  const revoke = async (key: ListedAccount['keys'][number]) => {
    const own = props.signedInKey.startsWith(key.keyPrefix);
    const question = format(own ? t.confirmRevokeOwn : t.confirmRevoke, {
      prefix: key.keyPrefix,
      account: account.name,
    });
    if (!window.confirm(question)) return;
    if ((await act(`/ops/keys/${key.id}/revoke`, {})) && own) consoleStore.getState().signOut();
  };
  return (
    <td>
      <ul className="plain">
        {account.keys.map((key) => (
          <li key={key.id}>
            <code>{key.keyPrefix}…</code>{' '}
            {key.revokedAt ? (
              <span className="bad">{t.revoked}</span>
            ) : (
              <button type="button" className="btn btn-small" onClick={() => void revoke(key)}>
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
  );
}

/** The codes to grant or withdraw, typed beside the account they are for. */
function GrantChange(props: { account: ListedAccount; act: Act }) {
  const t = useDict().console.ops.accounts;
  const { account } = props;
  const [codes, setCodes] = useState('');
  const change = (command: 'grant' | 'withdraw') => {
    const list = listOf(codes);
    // Any enterprise is granted only when the operator says so twice (the server's rule).
    const confirmAnyEnterprise = command === 'grant' && list.includes('*') && window.confirm(t.confirmAny);
    void props.act(`/ops/accounts/${account.id}/${command}`, grantChangeBody(list, confirmAnyEnterprise));
  };
  return (
    <td>
      <input
        aria-label={`${t.grantCodes} ${account.code}`}
        value={codes}
        onChange={(event) => setCodes(event.target.value)}
      />{' '}
      <button type="button" className="btn btn-small" onClick={() => change('grant')}>
        {t.grant}
      </button>{' '}
      <button type="button" className="btn btn-small" onClick={() => change('withdraw')}>
        {t.withdraw}
      </button>
    </td>
  );
}
