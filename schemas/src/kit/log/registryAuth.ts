import { ConfigError } from '../../errors/tradelogError.ts';
import * as env from '../runtime/env.ts';

/**
 * How a service authenticates to the schema registry (root README "Beyond one machine"): HTTP
 * basic (SCHEMA_REGISTRY_USERNAME, SCHEMA_REGISTRY_PASSWORD; Confluent Cloud's API key and
 * secret) or a bearer token (SCHEMA_REGISTRY_TOKEN); none on a registry that asks for none.
 */
export type RegistryAuth =
  | { kind: 'basic'; username: string; password: string }
  | { kind: 'bearer'; token: string };

/** `prefix` reads another set of the same keys (the provision step's), falling back to these. */
export function parseRegistryAuth(source: env.Env, prefix = ''): RegistryAuth | undefined {
  const key = (name: string) =>
    prefix && env.optionalText(source, `${prefix}${name}`) !== undefined ? `${prefix}${name}` : name;
  const username = env.optionalText(source, key('SCHEMA_REGISTRY_USERNAME'));
  const token = env.optionalText(source, key('SCHEMA_REGISTRY_TOKEN'));
  if (username !== undefined && token !== undefined)
    throw new ConfigError(
      key('SCHEMA_REGISTRY_TOKEN'),
      'set either a token or a username and password, not both',
    );
  if (token !== undefined) return Object.freeze({ kind: 'bearer', token });
  if (username !== undefined)
    return Object.freeze({
      kind: 'basic',
      username,
      password: env.text(source, key('SCHEMA_REGISTRY_PASSWORD')),
    });
  if (env.optionalText(source, key('SCHEMA_REGISTRY_PASSWORD')) !== undefined)
    throw new ConfigError(
      key('SCHEMA_REGISTRY_USERNAME'),
      'is required when SCHEMA_REGISTRY_PASSWORD is set',
    );
  return undefined;
}

/** The Authorization header's value. */
export function registryAuthorization(auth: RegistryAuth): string {
  return auth.kind === 'bearer'
    ? `Bearer ${auth.token}`
    : `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
}
