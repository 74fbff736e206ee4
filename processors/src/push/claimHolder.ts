import { randomBytes } from 'node:crypto';
import type { Logger } from '@tradelog/schemas';
import pg from 'pg';

/**
 * A delivery worker's name on its claims (processors/src/push/README.md "Claims"): a random
 * non-negative 62-bit key on which the worker holds a session advisory lock, on a connection of
 * its own, for as long as it runs. When the process dies its connection ends and Postgres drops
 * the lock, so any worker's sweep (`releaseGoneHolders`) ends its claims at once instead of when
 * their leases run out (migration 1766500000000_push-claim-holders.sql).
 *
 * While the lock is not held (connecting, or its connection lost and being made again) `key()`
 * is null and the worker claims without a holder: those claims keep their lease, so a sweep never
 * takes deliveries from a worker that is alive but briefly unlocked.
 */
export interface ClaimHolder {
  /** The key to name on claims, as a decimal string, or null while the lock is not held. */
  key(): string | null;
  close(): Promise<void>;
}

export async function holdClaims(options: {
  connectionString: string;
  logger: Logger;
  /** Delay before connecting again after a loss. */
  retryMs?: number;
}): Promise<ClaimHolder> {
  const log = options.logger.scope({ component: 'push-claim-holder' });
  const key = BigInt.asUintN(62, randomBytes(8).readBigUInt64BE()).toString();
  let client: pg.Client | undefined;
  let held = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const again = () => {
    if (closed) return;
    timer = setTimeout(() => void connect(), options.retryMs ?? 1_000);
    timer.unref();
  };
  const lost = (error?: Error) => {
    if (client === undefined) return;
    held = false;
    const dead = client;
    client = undefined;
    dead.removeAllListeners();
    dead.on('error', () => {});
    void dead.end().catch(() => undefined);
    if (closed) return;
    log.warn('claim holder lock lost; claiming without a holder until it is held again', { error });
    again();
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.connectionString });
    next.on('error', (error) => lost(error));
    next.on('end', () => lost());
    client = next;
    try {
      await next.connect();
      // Nobody else holds a random key: this returns at once.
      await next.query('SELECT pg_advisory_lock($1::bigint)', [key]);
    } catch (error) {
      if (client === next) lost(error as Error);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    held = true;
  }

  await connect();
  return {
    key: () => (held ? key : null),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      held = false;
      const last = client;
      client = undefined;
      last?.removeAllListeners();
      last?.on('error', () => {});
      await last?.end().catch(() => undefined);
    },
  };
}
