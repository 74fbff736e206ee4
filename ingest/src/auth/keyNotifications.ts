import type { Logger } from '@tradelog/schemas';
import { apiKeysChannel } from '@tradelog/schemas/kit/access/keyStore';
import { type ChangeListener, listenOn } from '@tradelog/schemas/kit/runtime/notifications';
import pg from 'pg';
import type { KeyCache } from './keyCache.ts';

/**
 * Drops ingest's cached keys when Postgres announces a change to keys or accounts (a revocation,
 * a grant narrowed: migration 1764300000000_read-cache-notifications.sql notifies on commit), on
 * a connection of its own that reconnects by itself; and again on every reconnect, since what
 * changed while it was down was never announced (README "Key cache").
 */
export function listenForKeyChanges(
  cache: Pick<KeyCache, 'forgetAll'>,
  options: {
    connectionString: string;
    logger: Logger;
    retryMs?: number;
    /** Told each notification's payload once the cache has acted on it (a test waits on it). */
    acted?: (payload: string) => void;
  },
): Promise<ChangeListener> {
  return listenOn({
    newClient: () => new pg.Client({ connectionString: options.connectionString }),
    channels: [apiKeysChannel],
    onChange: (_channel, payload) => {
      cache.forgetAll();
      options.acted?.(payload);
    },
    onReset: (why) => {
      // A loss alone forgets nothing: the cache rides it out within its ttl (keyCache.ts).
      if (why === 'listening') cache.forgetAll();
    },
    logger: options.logger,
    ...(options.retryMs === undefined ? {} : { retryMs: options.retryMs }),
  });
}
