import type { ReactNode } from 'react';

/**
 * The portal's reference table (docs and console): a horizontally scrollable wrapper, one
 * column heading per entry of `columns`, and the caller's rows as the body.
 */
export function RefTable(props: {
  columns: readonly ReactNode[];
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table
        className={props.className ? `ref-table ${props.className}` : 'ref-table'}
        data-testid={props.testId}
      >
        <ColumnHeadings columns={props.columns} />
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}

/** A table's column headings, one per entry of `columns` (the reference tables, the charts' data tables). */
export function ColumnHeadings(props: { columns: readonly ReactNode[] }) {
  return (
    <thead>
      <tr>
        {props.columns.map((column, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a table's headings are fixed; their place is their identity
          <th key={index} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
