import { pushedView } from './answers.ts';
import { acceptedCustomerNames, customerNameRuleOf } from './customerName.ts';
import type { TrackedItem } from './item.ts';
import { oceanHistoryOf } from './oceanView.ts';

/**
 * What a tracking change event carries (processors/README.md "Tracking"): the item's pushed view,
 * the other keys it answers to (`matchKeys`) and, for express, the customer names its carrier's
 * rule accepts (the push filter of §4 subscriptions); for ocean, the history every subscription's
 * answer is rendered from (`history`, ./oceanView.ts) and, from the reducer, the keys whose answer
 * the change altered (`pushKeys`: only their subscriptions are pushed). One construction for the
 * processor's change events and the query API's first push, so a first push and the pushes after
 * it carry the same. `view`: the item's pushed view when the caller already has it.
 */
export function trackingChangeData(
  item: TrackedItem,
  view: Record<string, unknown> = pushedView(item),
  pushKeys?: readonly string[],
): Record<string, unknown> {
  const rule =
    item.family === 'express' ? customerNameRuleOf(String(item.facts.shipperCode ?? '')) : undefined;
  return {
    ...view,
    ...(item.family === 'ocean' ? { history: oceanHistoryOf(item) } : {}),
    ...(item.aliases.length > 0 ? { matchKeys: item.aliases } : {}),
    ...(pushKeys ? { pushKeys } : {}),
    ...(rule ? { customerNames: acceptedCustomerNames(rule, item.facts) } : {}),
  };
}
