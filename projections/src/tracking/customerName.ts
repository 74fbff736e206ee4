import type { Fields } from './item.ts';

/**
 * §3 Express: customerName is mandatory for one major carrier (the last four digits of the
 * receiver's or sender's phone) and, for another, the shipper's account. The spec does not name
 * them; they are SF Express and JD Logistics, whose public APIs have exactly these rules.
 * One rule for the instant query, the subscription and every push (query-api README
 * "Tracking queries", projections/src/push/README.md "customerName").
 */
export type CustomerNameRule = 'phoneTail' | 'shipperAccount';

export const customerNameRules: Readonly<Record<string, CustomerNameRule>> = {
  SF: 'phoneTail',
  JD: 'shipperAccount',
};

export const customerNameRuleOf = (shipperCode: string): CustomerNameRule | undefined =>
  customerNameRules[shipperCode.trim().toUpperCase()];

/** Whether `given` has the form the rule asks for (the value's form is checked before any parcel is known). */
export function customerNameFormOk(rule: CustomerNameRule, given: string | undefined): boolean {
  const value = given?.trim() ?? '';
  return rule === 'phoneTail' ? /^[0-9]{4}$/.test(value) : value !== '';
}

/**
 * The feed fields (schemas/src/feeds/tracking/express.ts) that hold each rule's check values.
 * They are secrets of the parcel's sender and receiver: compared with a caller's customerName,
 * never answered, pushed or shown to anyone (query-api README "Tracking queries").
 */
const checkValueFields: Readonly<Record<CustomerNameRule, readonly string[]>> = {
  phoneTail: ['receiverPhoneTail', 'senderPhoneTail'],
  shipperAccount: ['shipperAccount'],
};

const allCheckValueFields = new Set(Object.values(checkValueFields).flat());

/** The values a customerName may take for a parcel with these facts; none when the carrier sent none. */
export function acceptedCustomerNames(rule: CustomerNameRule, facts: Fields): string[] {
  return checkValueFields[rule]
    .map((field) => facts[field])
    .filter((value): value is string => typeof value === 'string' && value !== '');
}

/** An item's facts as anyone may see them: every check value left out, whatever the carrier. */
export function withoutCheckValues(facts: Fields): Fields {
  return Object.fromEntries(Object.entries(facts).filter(([field]) => !allCheckValueFields.has(field)));
}

/**
 * Whether a caller who gave `given` may see a parcel of carrier `shipperCode` whose accepted
 * values are `accepted`. A parcel whose carrier did not tell us the check value is shown to
 * nobody under the rule.
 */
export function customerNameMatches(
  shipperCode: string,
  given: string | undefined,
  accepted: readonly string[],
): boolean {
  const rule = customerNameRuleOf(shipperCode);
  if (!rule) return true;
  return customerNameFormOk(rule, given) && accepted.includes((given ?? '').trim());
}
