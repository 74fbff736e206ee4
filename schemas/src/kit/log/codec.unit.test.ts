import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedValue, createRegistryCodec, registrationRefusal } from './codec.ts';
import { jsonTextOf } from './recordText.ts';

describe('registry codec: registration against a registry that never answers', () => {
  let server: Server;
  let url = '';
  beforeAll(async () => {
    // Takes every connection and request, answers none: a stalled registry.
    server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('fails, retriable, in bounded time instead of hanging', async () => {
    const codec = createRegistryCodec({ url, registerTimeoutMs: 200, registerAttempts: 2 });
    const started = Date.now();
    await expect(codec.registerSchema('t-value', { type: 'object' })).rejects.toMatchObject({
      code: 'REGISTRY_UNAVAILABLE',
      retriable: true,
    });
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 20_000);
});

describe('registry codec: which registration failures are refusals', () => {
  it('tells a refusal (incompatible, or a draft the registry cannot check) from an outage', () => {
    expect(registrationRefusal({ status: 409, message: 'String type max length decreased' })).toMatch(
      /incompatible/,
    );
    expect(
      registrationRefusal({ status: 500, message: 'tradelog - #: could not determine version' }),
    ).toMatch(/cannot check/);
    expect(registrationRefusal({ status: 500, message: 'database is down' })).toBeUndefined();
    expect(registrationRefusal({ status: 503 })).toBeUndefined();
    expect(registrationRefusal(new Error('ECONNREFUSED'))).toBeUndefined();
    expect(registrationRefusal(undefined)).toBeUndefined();
  });
});

describe('registry codec: a record checked against its writer schema', () => {
  const schema = {
    validate: (value: unknown) => typeof value === 'object' && value !== null && 'documentId' in value,
    errors: () => 'must have required property documentId',
  };

  it('answers the parsed value when it matches', () => {
    expect(checkedValue(schema, 7, Buffer.from('{"documentId":"d-1"}'))).toEqual({ documentId: 'd-1' });
  });

  it('keeps the text the value was parsed from, for a projection that writes it whole', () => {
    const text = '{ "documentId": "d-1", "amount": 1.50 }';
    const value = checkedValue(schema, 7, Buffer.from(text));
    expect(jsonTextOf(value)).toBe(text);
    // A value of another origin (a copy, a row read back) is serialised.
    expect(jsonTextOf({ ...(value as object) })).toBe('{"documentId":"d-1","amount":1.5}');
    expect(jsonTextOf('x')).toBe('"x"');
  });

  it('blames the record, not retriable, when it is not JSON or does not match', () => {
    expect(() => checkedValue(schema, 7, Buffer.from('{not json'))).toThrow(
      expect.objectContaining({ code: 'RECORD_NOT_JSON', retriable: false }),
    );
    expect(() => checkedValue(schema, 7, Buffer.from('{"other":1}'))).toThrow(
      expect.objectContaining({
        code: 'RECORD_SCHEMA_MISMATCH',
        message: 'record does not match its writer schema 7: must have required property documentId',
      }),
    );
  });
});
