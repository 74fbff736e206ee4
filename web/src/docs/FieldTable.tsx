import { useDict, useLocale } from '../app/state.ts';
import { RefTable } from '../layout/RefTable.tsx';
import { FieldPathCell, FieldTitleCell } from './FieldCells.tsx';
import { fieldRows } from './fieldRows.ts';
import type { ReferenceEntry } from './reference.ts';

/** A schema's fields with type, required and description: a push's payload and its reply. */
export function FieldTable(props: { schema: ReferenceEntry['schema']; testId: string }) {
  const t = useDict();
  const locale = useLocale();
  return (
    <RefTable
      columns={[t.docs.field, t.docs.type, t.docs.required, t.docs.description]}
      testId={props.testId}
    >
      {fieldRows(props.schema, locale).map((row) => (
        <tr key={row.path} data-field={row.path}>
          <FieldPathCell row={row} />
          <td>
            {row.type}
            {row.format && <span className="muted small"> ({row.format})</span>}
            {row.enumeration.length > 0 && (
              <span className="muted small"> [{row.enumeration.map((item) => item.value).join(', ')}]</span>
            )}
          </td>
          <td>{row.required ? t.common.yes : t.common.no}</td>
          <FieldTitleCell row={row} />
        </tr>
      ))}
    </RefTable>
  );
}
