import type { Logger } from './log.ts';

/**
 * One dedicated Postgres connection LISTENing on channels (the one listener of every service:
 * query-api's read caches and test pushes, the push workers, ingest's key cache). Channels are
 * per database, not per schema: a notification from another schema of the same database costs a
 * listener one needless reload. While the connection is down (or reconnecting) `listening()` is
 * false, and it reconnects on its own.
 */

/** A pg.Client, structurally (schemas does not depend on pg). */
export interface ListeningClient {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  on(
    event: 'notification',
    listener: (message: { channel: string; payload?: string | undefined }) => void,
  ): unknown;
  removeAllListeners(): unknown;
}

export interface ChangeListener {
  /** True while the connection listens: only then may a cache trust what it holds. */
  listening(): boolean;
  close(): Promise<void>;
}

export interface ListenOptions<Channel extends string> {
  /** A new client for the listening connection (pg.Client, structurally), never one of a pool's. */
  newClient: () => ListeningClient;
  channels: readonly Channel[];
  onChange: (channel: Channel, payload: string) => void;
  /**
   * Called on every loss (`lost`) and every (re)connect (`listening`): whatever changed between
   * was never announced.
   */
  onReset: (why: 'lost' | 'listening') => void;
  logger: Logger;
  /** Delay before reconnecting after a loss. */
  retryMs?: number;
  /**
   * Run on every new connection before it listens: a session-level state the connection must
   * hold while it is up (a push worker's advisory lock, processors/src/push/claimHolder.ts).
   */
  prepare?: (client: ListeningClient) => Promise<unknown>;
}

/**
 * One dedicated connection LISTENing on the channels. While it is down (or reconnecting) the
 * caches must not trust themselves (`listening()` is false), and `onReset` is called on every
 * loss and every reconnect: whatever changed meanwhile was never announced.
 */
export async function listenOn<Channel extends string>(
  options: ListenOptions<Channel>,
): Promise<ChangeListener> {
  const log = options.logger.scope({ component: 'change-listener' });
  let client: ListeningClient | undefined;
  let up = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const connectLater = () => {
    timer = setTimeout(() => void connect(), options.retryMs ?? 1_000);
    timer.unref();
  };

  const lost = (error?: Error) => {
    if (!up && client === undefined) return;
    up = false;
    const dead = client;
    client = undefined;
    if (dead) void letGo(dead);
    options.onReset('lost');
    if (closed) return;
    log.warn('change notifications lost; caches bypassed until reconnected', { error });
    connectLater();
  };

  async function connect(): Promise<void> {
    const next = options.newClient();
    next.on('error', (error) => lost(error));
    next.on('end', () => lost());
    next.on('notification', (message) => {
      options.onChange(message.channel as Channel, message.payload ?? '');
    });
    try {
      await listenWith(next, options);
    } catch (error) {
      await letGo(next);
      if (closed) return;
      log.warn('change notifications not listening yet', { error: error as Error });
      connectLater();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    // Anything that changed before LISTEN took effect was never announced to us.
    options.onReset('listening');
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
      if (last) await letGo(last);
    },
  };
}

/** Connects a new client, prepares its session and LISTENs on every channel. */
async function listenWith(
  client: ListeningClient,
  options: Pick<ListenOptions<string>, 'channels' | 'prepare'>,
): Promise<void> {
  await client.connect();
  await options.prepare?.(client);
  for (const channel of options.channels) await client.query(`LISTEN ${channel}`);
}

/** Ends a client this listener is done with: its listeners gone, a late error of it ignored. */
function letGo(client: ListeningClient): Promise<void> {
  client.removeAllListeners();
  client.on('error', () => {});
  return client.end().catch(() => undefined);
}
