import type { ReactNode } from 'react';
import { useDict } from '../app/state.ts';
import { RefTable } from '../layout/RefTable.tsx';
import type { ReferenceEntry } from './reference.ts';

/** The headers a call sends: JSON and the API key always, an idempotency key on a submission. */
export function RequestHeaders(props: { kind: ReferenceEntry['kind'] }) {
  const t = useDict();
  return (
    <RefTable columns={[t.docs.field, t.docs.headerValue, t.docs.required, t.docs.description]}>
      <HeaderRow name="Content-Type" value="application/json" required note={t.docs.contentTypeNote} />
      <HeaderRow name="Authorization" value="Bearer <key>" required note={t.docs.apiKeyNote} />
      {props.kind === 'submission' && (
        <HeaderRow name="Idempotency-Key" value="<uuid>" required={false} note={t.docs.idempotencyKeyNote} />
      )}
    </RefTable>
  );
}

function HeaderRow(props: { name: string; value: string; required: boolean; note: ReactNode }) {
  const t = useDict();
  return (
    <tr>
      <th scope="row">
        <code>{props.name}</code>
      </th>
      <td>
        <code>{props.value}</code>
      </td>
      <td>{props.required ? t.common.yes : t.common.no}</td>
      <td>{props.note}</td>
    </tr>
  );
}
