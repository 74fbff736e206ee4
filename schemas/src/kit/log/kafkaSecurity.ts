import { readFileSync } from 'node:fs';
import type { ConnectionOptions as TlsOptions } from 'node:tls';
import type { KafkaConfig } from 'kafkajs';
import { ConfigError } from '../../errors/tradelogError.ts';
import * as env from '../runtime/env.ts';

/**
 * How a service reaches a secured Kafka (root README "Beyond one machine"): TLS, optionally
 * with a CA of its own and a client certificate, and SASL with PLAIN or SCRAM. Parsed here from
 * the environment for every service and for the provision step, and mapped here onto both
 * clients (kafkajs for consumers and admin, @platformatic/kafka for the producer), so the two
 * can never disagree about how to connect.
 */
export interface KafkaSecurity {
  tls?: {
    /** PEM text of the CAs to trust instead of the system's (KAFKA_TLS_CA_FILE). */
    ca?: string;
    /** PEM text of a client certificate and its key, for brokers that ask for one. */
    cert?: string;
    key?: string;
  };
  sasl?: {
    mechanism: KafkaSaslMechanism;
    username: string;
    password: string;
  };
}

export const kafkaSaslMechanisms = ['plain', 'scram-sha-256', 'scram-sha-512'] as const;
export type KafkaSaslMechanism = (typeof kafkaSaslMechanisms)[number];

/**
 * KAFKA_TLS (true/false), KAFKA_TLS_CA_FILE, KAFKA_TLS_CERT_FILE, KAFKA_TLS_KEY_FILE,
 * KAFKA_SASL_MECHANISM (plain, scram-sha-256, scram-sha-512), KAFKA_SASL_USERNAME,
 * KAFKA_SASL_PASSWORD. `prefix` reads another set of the same keys (the provision step's
 * PROVISION_KAFKA_SASL_USERNAME …), falling back to the unprefixed ones.
 */
export function parseKafkaSecurity(
  source: env.Env,
  options: { prefix?: string; readFile?: (path: string) => string } = {},
): Readonly<KafkaSecurity> {
  const prefix = options.prefix ?? '';
  const readFile = options.readFile ?? ((path: string) => readFileSync(path, 'utf8'));
  const key = (name: string) =>
    prefix && env.optionalText(source, `${prefix}${name}`) !== undefined ? `${prefix}${name}` : name;
  const file = (name: string): string | undefined => {
    const path = env.optionalText(source, key(name));
    if (path === undefined) return undefined;
    try {
      return readFile(path);
    } catch (error) {
      throw new ConfigError(key(name), `cannot read ${path}: ${(error as Error).message}`);
    }
  };
  const ca = file('KAFKA_TLS_CA_FILE');
  const cert = file('KAFKA_TLS_CERT_FILE');
  const tlsKey = file('KAFKA_TLS_KEY_FILE');
  if ((cert === undefined) !== (tlsKey === undefined))
    throw new ConfigError(
      key(cert === undefined ? 'KAFKA_TLS_CERT_FILE' : 'KAFKA_TLS_KEY_FILE'),
      'a client certificate needs both KAFKA_TLS_CERT_FILE and KAFKA_TLS_KEY_FILE',
    );
  const files = ca !== undefined || cert !== undefined;
  const tls = env.flag(source, key('KAFKA_TLS'), files);
  if (!tls && files)
    throw new ConfigError(key('KAFKA_TLS'), 'is false, but TLS files are set (KAFKA_TLS_*_FILE)');

  const security: KafkaSecurity = {};
  if (tls)
    security.tls = {
      ...(ca === undefined ? {} : { ca }),
      ...(cert === undefined ? {} : { cert, key: tlsKey }),
    };
  const mechanism = env.optionalText(source, key('KAFKA_SASL_MECHANISM'))?.toLowerCase();
  if (mechanism !== undefined) {
    if (!(kafkaSaslMechanisms as readonly string[]).includes(mechanism))
      throw new ConfigError(
        key('KAFKA_SASL_MECHANISM'),
        `must be one of ${kafkaSaslMechanisms.join(', ')}, got "${mechanism}"`,
      );
    security.sasl = {
      mechanism: mechanism as KafkaSaslMechanism,
      username: env.text(source, key('KAFKA_SASL_USERNAME')),
      password: env.text(source, key('KAFKA_SASL_PASSWORD')),
    };
  } else if (env.optionalText(source, key('KAFKA_SASL_USERNAME')) !== undefined) {
    throw new ConfigError(key('KAFKA_SASL_MECHANISM'), 'is required when KAFKA_SASL_USERNAME is set');
  }
  return Object.freeze(security);
}

const tlsOptions = (tls: NonNullable<KafkaSecurity['tls']>): TlsOptions => ({
  ...(tls.ca === undefined ? {} : { ca: tls.ca }),
  ...(tls.cert === undefined ? {} : { cert: tls.cert, key: tls.key }),
});

/** The kafkajs fields for a secured connection (none for plaintext). */
export function kafkajsSecurity(security: KafkaSecurity | undefined): Pick<KafkaConfig, 'ssl' | 'sasl'> {
  if (!security) return {};
  return {
    ...(security.tls ? { ssl: tlsOptions(security.tls) } : {}),
    ...(security.sasl
      ? {
          sasl: {
            mechanism: security.sasl.mechanism,
            username: security.sasl.username,
            password: security.sasl.password,
          } as KafkaConfig['sasl'],
        }
      : {}),
  };
}

const platformaticMechanisms = {
  plain: 'PLAIN',
  'scram-sha-256': 'SCRAM-SHA-256',
  'scram-sha-512': 'SCRAM-SHA-512',
} as const;

/** The @platformatic/kafka connection fields for a secured connection (none for plaintext). */
export function platformaticSecurity(security: KafkaSecurity | undefined): {
  tls?: TlsOptions;
  sasl?: {
    mechanism: (typeof platformaticMechanisms)[KafkaSaslMechanism];
    username: string;
    password: string;
  };
} {
  if (!security) return {};
  return {
    ...(security.tls ? { tls: tlsOptions(security.tls) } : {}),
    ...(security.sasl
      ? {
          sasl: {
            mechanism: platformaticMechanisms[security.sasl.mechanism],
            username: security.sasl.username,
            password: security.sasl.password,
          },
        }
      : {}),
  };
}
