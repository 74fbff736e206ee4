import { SendAbandoned } from './pendingAppends.ts';

/** The log producer's two ways of not waiting forever (producer.ts, README "Riding out faults"). */

/** `promise`, or SendAbandoned once `timeoutMs` passed. */
export function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SendAbandoned(timeoutMs)), Math.max(0, timeoutMs));
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Waits for `promise` at most `timeoutMs`, without caring how it ends. */
export async function settledWithin(promise: Promise<unknown>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, timeoutMs));
  });
  await Promise.race([promise.catch(() => undefined), elapsed]).finally(() => clearTimeout(timer));
}
