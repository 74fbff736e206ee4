import { useDict, useLocale } from '../app/state.ts';
import { RefTable } from '../layout/RefTable.tsx';
import { FieldPathCell, FieldTitleCell } from './FieldCells.tsx';
import { eitherOrRules, type FieldRow, fieldRows } from './fieldRows.ts';
import type { ReferenceEntry } from './reference.ts';

/** A request's fields (submission spec §2: type, required, max length, enumeration), after its either-or rules. */
export function RequestFieldTable(props: { schema: ReferenceEntry['schema'] }) {
  const t = useDict();
  const locale = useLocale();
  const rules = eitherOrRules(props.schema);
  return (
    <>
      {rules.length > 1 && (
        <p className="rules">
          {t.docs.eitherOr}: {rules.map((fields) => fields.join(' + ')).join(' / ')}
        </p>
      )}
      <RefTable
        columns={[
          t.docs.field,
          t.docs.type,
          t.docs.required,
          t.docs.maxLength,
          t.docs.enumeration,
          t.docs.description,
        ]}
        className="request-table"
        testId="request-table"
      >
        {fieldRows(props.schema, locale).map((row) => (
          <RequestFieldRow key={row.path} row={row} />
        ))}
      </RefTable>
    </>
  );
}

function RequestFieldRow(props: { row: FieldRow }) {
  const t = useDict();
  const { row } = props;
  return (
    <tr data-field={row.path}>
      <FieldPathCell row={row} />
      <td>
        {row.type}
        {row.format && <span className="muted small"> ({row.format})</span>}
        {row.bounds && <span className="muted small"> [{row.bounds}]</span>}
      </td>
      <td>{row.required ? t.common.yes : t.common.no}</td>
      <td data-col="maxLength">{row.maxLength ?? '—'}</td>
      <td>
        {row.enumeration.length === 0
          ? '—'
          : row.enumeration.map((item) => (
              <span className="enum" key={item.value}>
                <code>{item.value}</code>
                {item.label && ` ${item.label}`}
              </span>
            ))}
      </td>
      <FieldTitleCell row={row} />
    </tr>
  );
}
