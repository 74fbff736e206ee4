import type { Logger } from '@tradelog/schemas';
import { apiKeysChannel } from '@tradelog/schemas/kit/access/keyStore';
import { type ChangeListener, listenOn } from '@tradelog/schemas/kit/runtime/notifications';
import pg from 'pg';

/**
 * Postgres notifications that tell readers their caches went stale (migration
 * 1764300000000_read-cache-notifications.sql: triggers send them on commit of the writing
 * transaction), and push workers that deliveries were queued (1764600000000_push-delivery-claims.sql). Channels are per database, not per schema: a notification from another schema
 * of the same database only costs a reader one needless reload.
 */
export const changeChannels = {
  apiKeys: apiKeysChannel,
  projectionVersions: 'tradelog_projection_versions',
  pushDeliveries: 'tradelog_push_deliveries',
  /** A test push's attempt was recorded (1766137420000_push-test-attempt-notifications.sql); payload: its delivery id. */
  pushTests: 'tradelog_push_tests',
} as const;

export type ChangeChannel = (typeof changeChannels)[keyof typeof changeChannels];

/**
 * One dedicated connection LISTENing on the channels (`listenOn`, schemas/src/kit/runtime/notifications.ts).
 * While it is down (or reconnecting) the caches must not trust themselves (`listening()` is
 * false), and `onReset` is called on every loss and every reconnect: whatever changed meanwhile
 * was never announced.
 */
export function listenForChanges(options: {
  connectionString: string;
  channels: readonly ChangeChannel[];
  onChange: (channel: ChangeChannel, payload: string) => void;
  onReset: (why: 'lost' | 'listening') => void;
  logger: Logger;
  /** Delay before reconnecting after a loss. */
  retryMs?: number;
}): Promise<ChangeListener> {
  const { connectionString, ...rest } = options;
  return listenOn({ ...rest, newClient: () => new pg.Client({ connectionString }) });
}
