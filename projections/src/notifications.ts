import type { Logger } from '@tradelog/schemas';
import pg from 'pg';

/**
 * Postgres notifications that tell readers their caches went stale (migration
 * 1764300000000_read-cache-notifications.sql: triggers send them on commit of the writing
 * transaction), and push workers that deliveries were queued (1764600000000_push-delivery-claims.sql). Channels are per database, not per schema: a notification from another schema
 * of the same database only costs a reader one needless reload.
 */
export const changeChannels = {
  apiKeys: 'tradelog_api_keys',
  projectionVersions: 'tradelog_projection_versions',
  pushDeliveries: 'tradelog_push_deliveries',
  /** A test push's attempt was recorded (1766137420000_push-test-attempt-notifications.sql); payload: its delivery id. */
  pushTests: 'tradelog_push_tests',
} as const;

export type ChangeChannel = (typeof changeChannels)[keyof typeof changeChannels];

export interface ChangeListener {
  /** True while the connection listens: only then may a cache trust what it holds. */
  listening(): boolean;
  close(): Promise<void>;
}

/**
 * One dedicated connection LISTENing on the channels. While it is down (or reconnecting) the
 * caches must not trust themselves (`listening()` is false), and `onReset` is called on every
 * loss and every reconnect: whatever changed meanwhile was never announced.
 */
export async function listenForChanges(options: {
  connectionString: string;
  channels: readonly ChangeChannel[];
  onChange: (channel: ChangeChannel, payload: string) => void;
  onReset: () => void;
  logger: Logger;
  /** Delay before reconnecting after a loss. */
  retryMs?: number;
}): Promise<ChangeListener> {
  const log = options.logger.scope({ component: 'change-listener' });
  let client: pg.Client | undefined;
  let up = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const lost = (error?: Error) => {
    if (!up && client === undefined) return;
    up = false;
    const dead = client;
    client = undefined;
    dead?.removeAllListeners();
    dead?.on('error', () => {});
    void dead?.end().catch(() => undefined);
    options.onReset();
    if (closed) return;
    log.warn('change notifications lost; caches bypassed until reconnected', { error });
    timer = setTimeout(() => void connect(), options.retryMs ?? 1_000);
    timer.unref();
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.connectionString });
    next.on('error', (error) => lost(error));
    next.on('end', () => lost());
    next.on('notification', (message) => {
      options.onChange(message.channel as ChangeChannel, message.payload ?? '');
    });
    try {
      await next.connect();
      for (const channel of options.channels) await next.query(`LISTEN ${channel}`);
    } catch (error) {
      next.removeAllListeners();
      next.on('error', () => {});
      await next.end().catch(() => undefined);
      if (closed) return;
      log.warn('change notifications not listening yet', { error: error as Error });
      timer = setTimeout(() => void connect(), options.retryMs ?? 1_000);
      timer.unref();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    // Anything that changed before LISTEN took effect was never announced to us.
    options.onReset();
    up = true;
  }

  await connect();
  return {
    listening: () => up,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      up = false;
      const last = client;
      client = undefined;
      last?.removeAllListeners();
      last?.on('error', () => {});
      await last?.end().catch(() => undefined);
    },
  };
}
