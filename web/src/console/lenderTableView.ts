import { enterpriseFieldNames } from './keyAccount.ts';
import type { QueryField } from './lenderQueries.ts';

/**
 * The enterprise fields of a query that hold none of the lender's grants: they start on its
 * first grant (keyAccount.ts). A field already on one of its grants is left as picked.
 */
export function enterpriseFieldsToDefault(
  fields: readonly Pick<QueryField, 'name'>[],
  current: Readonly<Record<string, string>>,
  choices: readonly string[],
): string[] {
  return fields
    .filter((field) => enterpriseFieldNames.has(field.name) && !choices.includes(current[field.name] ?? ''))
    .map((field) => field.name);
}

/** A table cell as text: an empty cell for null, the value's own text otherwise. */
export function cellText(cell: unknown): string {
  return cell === null ? '' : String(cell);
}
