import { describe, expect, it } from 'vitest';
import { kafkajsSecurity, parseKafkaSecurity, platformaticSecurity } from './kafkaSecurity.ts';
import { parseProvisioning } from './provisioning.ts';
import { parseRegistryAuth, registryAuthorization } from './registryAuth.ts';

const files: Record<string, string> = { '/ca.pem': 'CA', '/cert.pem': 'CERT', '/key.pem': 'KEY' };
const readFile = (path: string) => {
  const text = files[path];
  if (text === undefined) throw new Error('ENOENT');
  return text;
};

describe('Kafka security from the environment', () => {
  it('is plaintext when nothing is set', () => {
    expect(parseKafkaSecurity({}, { readFile })).toEqual({});
    expect(kafkajsSecurity(parseKafkaSecurity({}, { readFile }))).toEqual({});
    expect(platformaticSecurity(undefined)).toEqual({});
  });

  it('maps TLS with a CA and SCRAM onto both clients alike', () => {
    const security = parseKafkaSecurity(
      {
        KAFKA_TLS_CA_FILE: '/ca.pem',
        KAFKA_SASL_MECHANISM: 'SCRAM-SHA-512',
        KAFKA_SASL_USERNAME: 'ingest',
        KAFKA_SASL_PASSWORD: 'secret',
      },
      { readFile },
    );
    expect(security).toEqual({
      tls: { ca: 'CA' },
      sasl: { mechanism: 'scram-sha-512', username: 'ingest', password: 'secret' },
    });
    expect(kafkajsSecurity(security)).toEqual({
      ssl: { ca: 'CA' },
      sasl: { mechanism: 'scram-sha-512', username: 'ingest', password: 'secret' },
    });
    expect(platformaticSecurity(security)).toEqual({
      tls: { ca: 'CA' },
      sasl: { mechanism: 'SCRAM-SHA-512', username: 'ingest', password: 'secret' },
    });
  });

  it('turns TLS on with the system CAs, and takes a client certificate with its key', () => {
    expect(parseKafkaSecurity({ KAFKA_TLS: 'true' }, { readFile })).toEqual({ tls: {} });
    expect(
      parseKafkaSecurity({ KAFKA_TLS_CERT_FILE: '/cert.pem', KAFKA_TLS_KEY_FILE: '/key.pem' }, { readFile }),
    ).toEqual({ tls: { cert: 'CERT', key: 'KEY' } });
  });

  it('fails naming the key that is wrong', () => {
    const fails = (source: Record<string, string>, key: string) =>
      expect(() => parseKafkaSecurity(source, { readFile })).toThrow(expect.objectContaining({ key }));
    fails(
      { KAFKA_SASL_MECHANISM: 'gssapi', KAFKA_SASL_USERNAME: 'a', KAFKA_SASL_PASSWORD: 'b' },
      'KAFKA_SASL_MECHANISM',
    );
    fails({ KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'a' }, 'KAFKA_SASL_PASSWORD');
    fails({ KAFKA_SASL_USERNAME: 'a', KAFKA_SASL_PASSWORD: 'b' }, 'KAFKA_SASL_MECHANISM');
    fails({ KAFKA_TLS_CA_FILE: '/missing.pem' }, 'KAFKA_TLS_CA_FILE');
    fails({ KAFKA_TLS_CERT_FILE: '/cert.pem' }, 'KAFKA_TLS_KEY_FILE');
    fails({ KAFKA_TLS: 'false', KAFKA_TLS_CA_FILE: '/ca.pem' }, 'KAFKA_TLS');
  });

  it("reads the provision step's own credentials, falling back to the services' keys", () => {
    const source = {
      KAFKA_TLS_CA_FILE: '/ca.pem',
      KAFKA_SASL_MECHANISM: 'plain',
      KAFKA_SASL_USERNAME: 'ingest',
      KAFKA_SASL_PASSWORD: 'secret',
      PROVISION_KAFKA_SASL_USERNAME: 'admin',
      PROVISION_KAFKA_SASL_PASSWORD: 'admin-secret',
    };
    expect(parseKafkaSecurity(source, { prefix: 'PROVISION_', readFile })).toEqual({
      tls: { ca: 'CA' },
      sasl: { mechanism: 'plain', username: 'admin', password: 'admin-secret' },
    });
  });
});

describe('registry credentials from the environment', () => {
  it('are basic, bearer or none', () => {
    expect(parseRegistryAuth({})).toBeUndefined();
    const basic = parseRegistryAuth({ SCHEMA_REGISTRY_USERNAME: 'key', SCHEMA_REGISTRY_PASSWORD: 'secret' })!;
    expect(registryAuthorization(basic)).toBe(`Basic ${Buffer.from('key:secret').toString('base64')}`);
    expect(registryAuthorization(parseRegistryAuth({ SCHEMA_REGISTRY_TOKEN: 't0k' })!)).toBe('Bearer t0k');
    expect(
      parseRegistryAuth(
        { SCHEMA_REGISTRY_TOKEN: 'reader', PROVISION_SCHEMA_REGISTRY_TOKEN: 'writer' },
        'PROVISION_',
      ),
    ).toEqual({ kind: 'bearer', token: 'writer' });
  });

  it('refuses half or doubled credentials, naming the key', () => {
    expect(() => parseRegistryAuth({ SCHEMA_REGISTRY_USERNAME: 'key' })).toThrow(/SCHEMA_REGISTRY_PASSWORD/);
    expect(() => parseRegistryAuth({ SCHEMA_REGISTRY_PASSWORD: 'x' })).toThrow(/SCHEMA_REGISTRY_USERNAME/);
    expect(() =>
      parseRegistryAuth({
        SCHEMA_REGISTRY_USERNAME: 'a',
        SCHEMA_REGISTRY_PASSWORD: 'b',
        SCHEMA_REGISTRY_TOKEN: 'c',
      }),
    ).toThrow(/SCHEMA_REGISTRY_TOKEN/);
  });
});

describe('provisioning switches', () => {
  it('default to a service doing it all, with the catalogue partitions', () => {
    expect(parseProvisioning({})).toEqual({
      createTopics: true,
      registerSchemas: true,
      topicPartitions: undefined,
    });
    expect(
      parseProvisioning({ CREATE_TOPICS: 'false', REGISTER_SCHEMAS: '0', KAFKA_TOPIC_PARTITIONS: '12' }),
    ).toEqual({ createTopics: false, registerSchemas: false, topicPartitions: 12 });
    expect(() => parseProvisioning({ KAFKA_TOPIC_PARTITIONS: '0' })).toThrow(/KAFKA_TOPIC_PARTITIONS/);
  });
});
