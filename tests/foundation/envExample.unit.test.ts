import { readFileSync } from 'node:fs';
import { parseKafkaSecurity } from '@tradelog/schemas/kit/log/kafkaSecurity';
import { parseRegistryAuth } from '@tradelog/schemas/kit/log/registryAuth';
import { describe, expect, it } from 'vitest';
import { parseIngestConfig } from '../../ingest/src/config.ts';
import { parseProcessorsConfig } from '../../processors/src/config.ts';
import { parseQueryApiConfig } from '../../query-api/src/config.ts';

/**
 * `.env.example` lists every variable the services read: each config module is run on an
 * environment that records the keys asked for, with the switches that open conditional keys
 * (SASL credentials, the SMS gateway's URL) turned on.
 */
describe('.env.example', () => {
  const listed = new Set(
    readFileSync(new URL('../../.env.example', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
      .filter((key): key is string => key !== undefined),
  );

  it('names every variable the config modules read', () => {
    const read = new Set<string>();
    const values: Record<string, string> = {
      DATABASE_URL: 'postgres://x/y',
      KAFKA_SASL_MECHANISM: 'plain',
      KAFKA_SASL_USERNAME: 'u',
      KAFKA_SASL_PASSWORD: 'p',
      SCHEMA_REGISTRY_USERNAME: 'u',
      SCHEMA_REGISTRY_PASSWORD: 'p',
      PORTAL_SMS_SENDER: 'http',
      PORTAL_SMS_URL: 'https://sms.example.com/send',
    };
    const source = new Proxy(values, {
      get: (target, key) => {
        read.add(String(key));
        return target[String(key)];
      },
    });
    parseIngestConfig(source);
    parseQueryApiConfig(source);
    parseProcessorsConfig(source);
    parseKafkaSecurity(source, { prefix: 'PROVISION_' });
    parseRegistryAuth(source, 'PROVISION_');
    expect(read.size).toBeGreaterThan(60);
    expect([...read].filter((key) => !listed.has(key)).sort()).toEqual([]);
  });
});
