import { setTimeout } from 'node:timers/promises';
import { SchemaRegistry, SchemaType } from '@kafkajs/confluent-schema-registry';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { TradelogError } from '../../errors/tradelogError.ts';
import { retryDelayMs } from '../runtime/backoff.ts';
import { RecordUndecodableError } from './codecErrors.ts';
import { rememberRecordText } from './recordText.ts';
import { type RegistryAuth, registryAuthorization } from './registryAuth.ts';
import {
  loadWriterSchema,
  type RegistryHttp,
  subjectCompatibility,
  type WriterSchema,
} from './registryReads.ts';

export { RecordUndecodableError, RegistryUnavailableError } from './codecErrors.ts';

/**
 * Record values in the Confluent schema-registry wire format (JSON Schema type): magic byte 0,
 * the 4-byte big-endian schema id, then the document's JSON. A replay years later decodes each
 * record with the schema it was written with, looked up by that id.
 *
 * Encoding frames the exact bytes the partner submitted (so what is stored is what was sent)
 * and does not validate again: ingest has already validated with the same schema, and
 * validating twice per request would double the CPU cost of intake.
 */
export interface RegistryCodec {
  /** Registers (or finds) a JSON Schema under a subject; returns its registry id. */
  registerSchema(subject: string, schema: object): Promise<number>;
  /**
   * The id of a JSON Schema already registered under a subject, without registering it: what a
   * service needs when registration is the provision step's (it then reads only).
   */
  findSchemaId(subject: string, schema: object): Promise<number>;
  encodeRaw(schemaId: number, json: Buffer): Buffer;
  /** Parses the wire format, fetches the writer schema by id (cached) and checks the value against it. */
  decode(value: Buffer): Promise<{ schemaId: number; value: unknown }>;
  /** The writer schema a record names, as the registry holds it (cached; the operator's record browser shows it). */
  writerSchemaOf(schemaId: number): Promise<object>;
}

const MAGIC_BYTE = 0;
const HEADER_BYTES = 5;

export function encodeWireFormat(schemaId: number, json: Buffer): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt8(MAGIC_BYTE, 0);
  header.writeUInt32BE(schemaId, 1);
  return Buffer.concat([header, json]);
}

export function readWireFormat(value: Buffer): { schemaId: number; json: Buffer } {
  if (value.length < HEADER_BYTES || value.readUInt8(0) !== MAGIC_BYTE) {
    throw new TradelogError('WIRE_FORMAT_INVALID', 'record value is not in the schema-registry wire format', {
      retriable: false,
    });
  }
  return { schemaId: value.readUInt32BE(1), json: value.subarray(HEADER_BYTES) };
}

/**
 * Writer schemas are compiled with a draft 2020-12 Ajv that tolerates our custom formats and
 * bilingual annotation keywords. Formats are not re-checked on decode: they were checked once,
 * at intake.
 */
function decodeAjv() {
  return new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
}

/**
 * The registry holds a subject's schema and will not take this one in its place: it judged the
 * change incompatible (409), or it cannot judge it at all (Apicurio 3's JSON Schema checker
 * reads drafts 4 to 7 only and fails on our 2020-12 schemas with "could not determine
 * version"). Trying again changes nothing; an operator decides (schemas/README.md "Changing a
 * document schema").
 */
export class SchemaRefusedError extends TradelogError {
  constructor(subject: string, reason: string, cause?: unknown) {
    super(
      'SCHEMA_REFUSED',
      `the schema registry refuses the new schema of ${subject}: ${reason} (schemas/README.md "Changing a document schema")`,
      { status: 500, retriable: false, cause },
    );
    this.name = 'SchemaRefusedError';
  }
}

/** Pure: why a registration's failure is a refusal an attempt more will not change, or undefined. */
export function registrationRefusal(error: unknown): string | undefined {
  const { status, message } = (error ?? {}) as { status?: unknown; message?: unknown };
  const said = typeof message === 'string' ? message : '';
  if (status === 409) return `incompatible with the schema it holds (${said})`;
  if (status === 500 && /could not determine version|Unknown MetaSchema|SchemaException/i.test(said))
    return `it cannot check the change's compatibility for this JSON Schema draft (${said})`;
  return undefined;
}

export interface RegistryCodecOptions {
  url: string;
  /** Basic or bearer credentials (./registryAuth.ts); none when absent. */
  auth?: RegistryAuth;
  /** Bound on one schema look-up; past it the registry counts as unavailable. */
  requestTimeoutMs?: number;
  /** Bound on one registration call (each of the client's tries); 15 s unless said. */
  registerTimeoutMs?: number;
  /** Tries of one registration before it fails (4 unless said). */
  registerAttempts?: number;
  fetch?: typeof fetch;
}

type RegistryMiddleware = NonNullable<ConstructorParameters<typeof SchemaRegistry>[0]['middlewares']>[number];

/**
 * The registry client's HTTP layer (mappersmith) sets no timeout: a registry that took the
 * connection and never answered held a service's start-up for minutes (seen under load). Each
 * call is bounded, so the client's own retries and then the caller's retry loop take over.
 */
const boundedRequests = (timeoutMs: number): RegistryMiddleware =>
  (() => ({
    async prepareRequest(
      next: () => Promise<{ timeout(): number | undefined; enhance(extras: object): unknown }>,
    ) {
      const request = await next();
      return request.timeout() ? request : request.enhance({ timeout: timeoutMs });
    },
  })) as unknown as RegistryMiddleware;

/** Every call of the registry client carries the credentials. */
const authorized = (authorization: string): RegistryMiddleware =>
  (() => ({
    async prepareRequest(next: () => Promise<{ enhance(extras: object): unknown }>) {
      return (await next()).enhance({ headers: { Authorization: authorization } });
    },
  })) as unknown as RegistryMiddleware;

/**
 * The codec over one registry: its operations share the registry client and the writer-schema
 * cache; the registry reads are in registryReads.ts, each operation's steps below it.
 */
export function createRegistryCodec(options: RegistryCodecOptions): RegistryCodec {
  const authorization = options.auth ? registryAuthorization(options.auth) : undefined;
  const registry = registryClientOf(options, authorization);
  const http: RegistryHttp = {
    url: options.url,
    authorization,
    fetchImpl: options.fetch ?? fetch,
    requestTimeoutMs: options.requestTimeoutMs ?? 5000,
    registerTimeoutMs: options.registerTimeoutMs ?? 15_000,
  };
  const writerSchema = cachedWriterSchemas(http);
  return {
    registerSchema: (subject, schema) =>
      registerWithRetries(registry, http, subject, schema, options.registerAttempts ?? 4),
    findSchemaId: (subject, schema) => findRegisteredId(registry, subject, schema),
    encodeRaw: encodeWireFormat,
    async writerSchemaOf(schemaId) {
      return (await writerSchema(schemaId)).schema;
    },
    async decode(value) {
      const { schemaId, json } = readWireFormat(value);
      const schema = await writerSchema(schemaId);
      return { schemaId, value: checkedValue(schema, schemaId, json) };
    },
  };
}

/** The registry client, which registers (ingest): bounded calls, the credentials on each. */
function registryClientOf(options: RegistryCodecOptions, authorization: string | undefined): SchemaRegistry {
  // The library registers (ingest); it compiles what it registers with the same tolerant Ajv.
  return new SchemaRegistry(
    {
      host: options.url,
      clientId: 'tradelog',
      middlewares: [
        boundedRequests(options.registerTimeoutMs ?? 15_000),
        ...(authorization ? [authorized(authorization)] : []),
      ],
    },
    { [SchemaType.JSON]: { ajvInstance: decodeAjv() } },
  );
}

/** The writer schemas by id, each loaded once (ids are immutable); a failed load is tried again. */
function cachedWriterSchemas(http: RegistryHttp): (schemaId: number) => Promise<WriterSchema> {
  const ajv = decodeAjv();
  const writerSchemas = new Map<number, Promise<WriterSchema>>();
  return (schemaId) => {
    let found = writerSchemas.get(schemaId);
    if (!found) {
      found = loadWriterSchema(http, ajv, schemaId);
      writerSchemas.set(schemaId, found);
      found.catch(() => writerSchemas.delete(schemaId));
    }
    return found;
  };
}

/**
 * A registration is idempotent (the same schema under the same subject keeps its id), so a
 * call that timed out or failed is tried again, a few times, before the caller hears of it.
 */
async function registerWithRetries(
  registry: SchemaRegistry,
  http: RegistryHttp,
  subject: string,
  schema: object,
  attempts: number,
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      const held = await subjectCompatibility(http, subject);
      const { id } = await registry.register(
        { type: SchemaType.JSON, schema: JSON.stringify(schema) },
        held === undefined ? { subject } : { subject, compatibility: held, updateConfig: false },
      );
      return id;
    } catch (error) {
      const refusal = registrationRefusal(error);
      if (refusal) throw new SchemaRefusedError(subject, refusal, error);
      if (attempt < attempts) {
        await setTimeout(retryDelayMs(attempt, { initial: 500, max: 4_000 }));
        continue;
      }
      throw new TradelogError('REGISTRY_UNAVAILABLE', `could not register schema for ${subject}`, {
        status: 503,
        retriable: true,
        cause: error,
      });
    }
  }
}

/** The id of a schema already registered under the subject, without registering it. */
async function findRegisteredId(registry: SchemaRegistry, subject: string, schema: object): Promise<number> {
  try {
    return await registry.getRegistryIdBySchema(subject, {
      type: SchemaType.JSON,
      schema: JSON.stringify(schema),
    });
  } catch (error) {
    // Retriable: a service waits at start-up until the provision step has registered it.
    throw new TradelogError(
      'SCHEMA_NOT_PROVISIONED',
      `no registered schema for ${subject} (is the provision step done?)`,
      { status: 503, retriable: true, cause: error },
    );
  }
}

/** Pure: a record's JSON, parsed and checked against its writer schema; the record's fault when it is not. */
export function checkedValue(
  schema: Pick<WriterSchema, 'validate' | 'errors'>,
  schemaId: number,
  json: Buffer,
): unknown {
  let parsed: unknown;
  const text = json.toString('utf8');
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new RecordUndecodableError(
      'RECORD_NOT_JSON',
      `record value is not JSON (schema id ${schemaId})`,
      error,
    );
  }
  if (!schema.validate(parsed))
    throw new RecordUndecodableError(
      'RECORD_SCHEMA_MISMATCH',
      `record does not match its writer schema ${schemaId}: ${schema.errors()}`,
    );
  rememberRecordText(parsed, text);
  return parsed;
}
