import { randomBytes } from 'node:crypto';
import type { Logger } from '@tradelog/schemas';
import { listenOn } from '@tradelog/schemas/kit/runtime/notifications';
import pg from 'pg';

/**
 * A delivery worker's name on its claims (projections/src/push/README.md "Claims"): a random
 * non-negative 62-bit key on which the worker holds a session advisory lock, on a connection of
 * its own, for as long as it runs. When the process dies its connection ends and Postgres drops
 * the lock, so any worker's sweep (`releaseGoneHolders`) ends its claims at once instead of when
 * their leases run out (migration 1766500000000_push-claim-holders.sql).
 *
 * The connection is the services' one reconnecting dedicated connection (`listenOn`), listening
 * on nothing, the lock taken again on every connect. While it is not up `key()` is null and the
 * worker claims without a holder: those claims keep their lease, so a sweep never takes
 * deliveries from a worker that is alive but briefly unlocked.
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
  const key = BigInt.asUintN(62, randomBytes(8).readBigUInt64BE()).toString();
  const connection = await listenOn({
    newClient: () => new pg.Client({ connectionString: options.connectionString }),
    channels: [],
    onChange: () => undefined,
    onReset: () => undefined,
    // Nobody else holds a random key: this returns at once. The key is digits only.
    prepare: (client) => client.query(`SELECT pg_advisory_lock(${key}::bigint)`),
    logger: options.logger.scope({ component: 'push-claim-holder' }),
    ...(options.retryMs === undefined ? {} : { retryMs: options.retryMs }),
  });
  return {
    key: () => (connection.listening() ? key : null),
    close: () => connection.close(),
  };
}
