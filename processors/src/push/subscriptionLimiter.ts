/**
 * At most `limit` attempts in flight per subscription in this process ("per-subscription
 * concurrency limit"). Claims bound it over all processes (push README "Concurrency"); this limiter
 * holds it here too, whatever a batch holds.
 */
export interface SubscriptionLimiter {
  run<T>(subscriptionId: string, work: () => Promise<T>): Promise<T>;
}

export function createSubscriptionLimiter(limit: number): SubscriptionLimiter {
  const slots = new Map<string, { active: number; waiting: (() => void)[] }>();
  return {
    async run(subscriptionId, work) {
      let slot = slots.get(subscriptionId);
      if (!slot) {
        slot = { active: 0, waiting: [] };
        slots.set(subscriptionId, slot);
      }
      if (slot.active >= limit) await new Promise<void>((resolve) => slot!.waiting.push(resolve));
      else slot.active++;
      try {
        return await work();
      } finally {
        const next = slot.waiting.shift();
        // A waiter takes the slot over; otherwise it is freed.
        if (next) next();
        else if (--slot.active === 0) slots.delete(subscriptionId);
      }
    },
  };
}
