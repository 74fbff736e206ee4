import type { FieldRow } from './fieldRows.ts';

/** A field's path as its row's header, indented by how deep it is nested (request, response and push tables). */
export function FieldPathCell(props: { row: Pick<FieldRow, 'path' | 'depth'> }) {
  return (
    <th scope="row" style={{ paddingInlineStart: `${0.75 + props.row.depth * 1.25}rem` }}>
      <code>{props.row.path}</code>
    </th>
  );
}

/** A field's title, and its description when it says more than the title. */
export function FieldTitleCell(props: { row: Pick<FieldRow, 'title' | 'description'> }) {
  return (
    <td>
      <strong>{props.row.title}</strong>
      {props.row.description && props.row.description !== props.row.title && (
        <span className="muted"> — {props.row.description}</span>
      )}
    </td>
  );
}
