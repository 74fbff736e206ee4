import { COMPATIBILITY } from '@kafkajs/confluent-schema-registry';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { RecordUndecodableError, RegistryUnavailableError } from './codecErrors.ts';

/**
 * The two reads the codec (codec.ts) makes of the registry's REST API itself, outside its
 * client library: a writer schema by id, and a subject's compatibility level.
 */
export interface RegistryHttp {
  url: string;
  authorization: string | undefined;
  fetchImpl: typeof fetch;
  requestTimeoutMs: number;
  registerTimeoutMs: number;
}

export type WriterSchema = { schema: object; validate: (value: unknown) => boolean; errors: () => string };

/**
 * The writer schema by id, classified by what the registry answered rather than by error
 * text: no answer, a timeout or a 5xx is the registry's state (retriable); a 404 means the
 * record names a schema that does not exist (the record's fault); anything else that is not
 * a usable JSON Schema is the record's fault too. Found schemas are cached for good (ids are
 * immutable); failures are not.
 */
export async function loadWriterSchema(
  registry: RegistryHttp,
  ajv: Ajv2020,
  schemaId: number,
): Promise<WriterSchema> {
  const { url, authorization, fetchImpl } = registry;
  let response: Response;
  try {
    response = await fetchImpl(`${url.replace(/\/$/, '')}/schemas/ids/${schemaId}`, {
      signal: AbortSignal.timeout(registry.requestTimeoutMs),
      ...(authorization ? { headers: { authorization } } : {}),
    });
  } catch (error) {
    throw new RegistryUnavailableError(`schema registry not reachable for schema id ${schemaId}`, error);
  }
  if (response.status === 404)
    throw new RecordUndecodableError(
      'SCHEMA_NOT_FOUND',
      `schema id ${schemaId} does not exist in the registry`,
    );
  if (!response.ok)
    throw new RegistryUnavailableError(
      `schema registry answered ${response.status} for schema id ${schemaId}`,
    );
  let body: { schema?: unknown; schemaType?: unknown };
  try {
    body = (await response.json()) as typeof body;
  } catch (error) {
    throw new RegistryUnavailableError(
      `schema registry answered unreadably for schema id ${schemaId}`,
      error,
    );
  }
  if (body.schemaType !== undefined && body.schemaType !== 'JSON')
    throw new RecordUndecodableError(
      'SCHEMA_NOT_JSON',
      `schema id ${schemaId} is a ${String(body.schemaType)} schema`,
    );
  try {
    const schema = JSON.parse(String(body.schema)) as object;
    const validate = ajv.compile(schema);
    return {
      schema,
      validate: (value) => validate(value) as boolean,
      errors: () => ajv.errorsText(validate.errors),
    };
  } catch (error) {
    throw new RecordUndecodableError(
      'SCHEMA_INVALID',
      `schema id ${schemaId} is not a usable JSON Schema`,
      error,
    );
  }
}

/**
 * The compatibility the registry holds for a subject, or undefined when it has none (404). The
 * client library registers only when the level it is given matches the subject's, and writes
 * its own (BACKWARD) on a subject's first registration. Given the registry's own level, a
 * subject whose first registration was cut short before its level was written, or whose level
 * an operator chose (deploy/README.md "Running in production"), still takes its schema: the
 * registry itself decides whether the schema is compatible.
 */
export async function subjectCompatibility(
  registry: RegistryHttp,
  subject: string,
): Promise<COMPATIBILITY | undefined> {
  const { url, authorization, fetchImpl } = registry;
  const response = await fetchImpl(`${url.replace(/\/$/, '')}/config/${encodeURIComponent(subject)}`, {
    signal: AbortSignal.timeout(registry.registerTimeoutMs),
    ...(authorization ? { headers: { authorization } } : {}),
  });
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`schema registry answered ${response.status} for ${subject}'s config`);
  const { compatibilityLevel } = (await response.json()) as { compatibilityLevel?: unknown };
  const level = String(compatibilityLevel ?? '').toUpperCase();
  return (Object.values(COMPATIBILITY) as string[]).includes(level) ? (level as COMPATIBILITY) : undefined;
}
