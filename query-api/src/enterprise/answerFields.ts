/**
 * Reading a submitted field for an enterprise answer (query spec §3), pure: a text or a number
 * as the document gave it, nothing invented.
 */

export const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number'
      ? String(value)
      : undefined;

export const numberOf = (value: unknown): number | null =>
  typeof value === 'number'
    ? value
    : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
      ? Number(value)
      : null;

/** The named fields a document gave, each as given; those it did not give are left out. */
export const pick = (fields: Record<string, unknown>, names: readonly string[]) =>
  Object.fromEntries(names.filter((name) => fields[name] !== undefined).map((name) => [name, fields[name]]));
