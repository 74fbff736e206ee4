/**
 * The customs declaration answer's parties and outbound order type (query spec §3 "Customs
 * declaration query"), pure. The spec shows names for `customer` and `consignees` and lists an
 * outbound order type "TO B or TO C" without saying where it comes from; our rules are here and
 * in query-api/README.md "Customs declarations" (and the response schema the docs centre shows).
 */
type Fields = Readonly<Record<string, unknown>>;

const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** The submitted (code, name) pairs that can name a declaration's parties. */
const partyFields = [
  ['consumUnitNo', 'consumUnitName'],
  ['domesticConsigneeCode', 'domesticConsigneeName'],
  ['consigneeNo', 'consigneeName'],
] as const;

/**
 * §3 `customer` (the owner): the name the declaration gives beside the owner's code (the
 * consuming unit's or the domestic consignee's, whichever carries that code), else the code.
 */
export function customerOf(fields: Fields, ownerCode: string | null): string | null {
  if (!ownerCode) return null;
  for (const [code, name] of partyFields)
    if (textOf(fields[code]) === ownerCode && textOf(fields[name])) return textOf(fields[name])!;
  return ownerCode;
}

/**
 * §3 `consignees` (收发货人, the domestic consignee or consignor of the declaration): its name,
 * else its code; null when the declaration names none.
 */
export function consigneesOf(fields: Fields): string | null {
  return (
    textOf(fields.domesticConsigneeName) ??
    textOf(fields.consigneeName) ??
    textOf(fields.domesticConsigneeCode) ??
    textOf(fields.consigneeNo) ??
    null
  );
}

/**
 * The supervision modes of cross-border e-commerce retail, whose goods go to consumers one
 * parcel each: 9610 (direct mail), 1210 (bonded), 1239 (bonded, category A).
 */
export const retailSupervisionModes: readonly string[] = ['9610', '1210', '1239'];

/**
 * §3 "outbound order type TO B or TO C". No document states it, so it follows the supervision
 * mode the declaration states: TO C for a cross-border e-commerce retail mode
 * (`retailSupervisionModes`), TO B for any other; null when no mode is stated.
 */
export function outboundOrderTypeOf(fields: Fields): 'TO B' | 'TO C' | null {
  const mode = textOf(fields.superviseType);
  if (!mode) return null;
  return retailSupervisionModes.includes(mode) ? 'TO C' : 'TO B';
}
