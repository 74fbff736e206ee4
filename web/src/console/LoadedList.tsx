import type { ReactNode } from 'react';
import { useDict } from '../app/state.ts';

/**
 * A list the console fetches: "loading" until it has come, the empty note when it holds nothing,
 * else what the caller draws of it.
 */
export function LoadedList<Rows extends readonly unknown[]>(props: {
  rows: Rows | undefined;
  empty: ReactNode;
  children: (rows: Rows) => ReactNode;
}) {
  const t = useDict();
  if (props.rows === undefined) return <p className="loading">{t.common.loading}</p>;
  if (props.rows.length === 0) return <p className="muted">{props.empty}</p>;
  return props.children(props.rows);
}
