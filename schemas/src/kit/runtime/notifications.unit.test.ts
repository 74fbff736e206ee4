import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from './log.ts';
import { type ListeningClient, listenOn } from './notifications.ts';

/** A pg.Client stand-in: records what it was asked, emits what the test says. */
class FakeClient {
  readonly calls: string[] = [];
  private listeners = new Map<string, ((...args: never[]) => void)[]>();
  private readonly failConnect: boolean;
  constructor(failConnect = false) {
    this.failConnect = failConnect;
  }
  async connect() {
    this.calls.push('connect');
    if (this.failConnect) throw new Error('ECONNREFUSED');
  }
  async query(text: string) {
    this.calls.push(text);
  }
  async end() {
    this.calls.push('end');
  }
  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }
}

const setup = (failures = 0) => {
  const clients: FakeClient[] = [];
  const resets: string[] = [];
  const changes: string[] = [];
  const newClient = () => {
    const client = new FakeClient(clients.length < failures);
    clients.push(client);
    return client as unknown as ListeningClient;
  };
  const logger = createLogger({ service: 'test' }, { write: () => undefined });
  const listen = () =>
    listenOn({
      newClient,
      channels: ['a', 'b'],
      onChange: (channel, payload) => changes.push(`${channel}:${payload}`),
      onReset: (why) => resets.push(why),
      logger,
      retryMs: 100,
      prepare: async (client) => void (client as unknown as FakeClient).calls.push('prepare'),
    });
  return { clients, resets, changes, listen };
};

describe('listenOn: one connection listening on channels', () => {
  afterEach(() => vi.useRealTimers());

  it('given a connection, then it prepares, listens on every channel and hands on notifications', async () => {
    const { clients, resets, changes, listen } = setup();
    const listener = await listen();
    expect(listener.listening()).toBe(true);
    expect(clients[0]!.calls).toEqual(['connect', 'prepare', 'LISTEN a', 'LISTEN b']);
    expect(resets).toEqual(['listening']);
    clients[0]!.emit('notification', { channel: 'a', payload: 'x' });
    clients[0]!.emit('notification', { channel: 'b' });
    expect(changes).toEqual(['a:x', 'b:']);
    await listener.close();
  });

  it('given a loss, then it stops listening, resets, ends the client and reconnects after the delay', async () => {
    vi.useFakeTimers();
    const { clients, resets, listen } = setup();
    const listener = await listen();
    clients[0]!.emit('error', new Error('terminated'));
    expect(listener.listening()).toBe(false);
    expect(resets).toEqual(['listening', 'lost']);
    expect(clients[0]!.calls.at(-1)).toBe('end');
    clients[0]!.emit('error', new Error('late'));
    expect(resets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(clients).toHaveLength(2);
    expect(listener.listening()).toBe(true);
    expect(resets).toEqual(['listening', 'lost', 'listening']);
    await listener.close();
  });

  it('given a connection that fails, then it is not listening and tries again', async () => {
    vi.useFakeTimers();
    const { clients, resets, listen } = setup(1);
    const listener = await listen();
    expect(listener.listening()).toBe(false);
    expect(clients[0]!.calls).toEqual(['connect', 'end']);
    expect(resets).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(listener.listening()).toBe(true);
    await listener.close();
  });

  it('given close, then the client ends and nothing reconnects', async () => {
    vi.useFakeTimers();
    const { clients, listen } = setup();
    const listener = await listen();
    await listener.close();
    expect(listener.listening()).toBe(false);
    expect(clients[0]!.calls.at(-1)).toBe('end');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(clients).toHaveLength(1);
  });
});
