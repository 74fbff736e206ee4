import type { ListedAccount } from '@tradelog/schemas/access/accountListing';
import { useCallback, useEffect, useState } from 'react';
import { useLocale } from '../app/state.ts';
import { consoleCall } from './consoleApi.ts';

/**
 * The accounts of `/ops/accounts` and the commands on them. Each command shows the server's
 * message when refused, keeps a new key's secret to show once, and reloads the list.
 */
export function useAccounts(apiKey: string, onChange: () => void) {
  const locale = useLocale();
  const [accounts, setAccounts] = useState<ListedAccount[]>();
  const [error, setError] = useState<string>();
  const [secret, setSecret] = useState<string>();

  const call = useCallback(
    <T>(path: string, body?: unknown) =>
      consoleCall<T>(apiKey, locale, path, body === undefined ? {} : { method: 'POST', body }),
    [apiKey, locale],
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
    if (answer.ok) onChange();
    await load();
    return answer.ok;
  };

  return { accounts, error, secret, forgetSecret: () => setSecret(undefined), act };
}
