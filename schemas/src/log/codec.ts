import { SchemaRegistry, SchemaType } from '@kafkajs/confluent-schema-registry';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { TradelogError } from '../runtime/errors.ts';

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
  encodeRaw(schemaId: number, json: Buffer): Buffer;
  /** Parses the wire format, fetches the writer schema by id (cached) and checks the value against it. */
  decode(value: Buffer): Promise<{ schemaId: number; value: unknown }>;
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
 * The registry library compiles writer schemas with Ajv; ours are draft 2020-12 with custom
 * formats and bilingual annotation keywords, so it gets a 2020 instance that tolerates them.
 * Formats are not re-checked on decode: they were checked once, at intake.
 */
function decodeAjv() {
  return new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
}

export function createRegistryCodec(options: { url: string }): RegistryCodec {
  const registry = new SchemaRegistry(
    { host: options.url, clientId: 'tradelog' },
    { [SchemaType.JSON]: { ajvInstance: decodeAjv() } },
  );
  return {
    async registerSchema(subject, schema) {
      try {
        const { id } = await registry.register(
          { type: SchemaType.JSON, schema: JSON.stringify(schema) },
          { subject },
        );
        return id;
      } catch (error) {
        throw new TradelogError('REGISTRY_UNAVAILABLE', `could not register schema for ${subject}`, {
          status: 503,
          retriable: true,
          cause: error,
        });
      }
    },
    encodeRaw: encodeWireFormat,
    async decode(value) {
      const { schemaId } = readWireFormat(value);
      try {
        return { schemaId, value: await registry.decode(value) };
      } catch (error) {
        const unreachable = /ECONNREFUSED|ETIMEDOUT|socket hang up|fetch failed/i.test(String(error));
        throw new TradelogError(
          unreachable ? 'REGISTRY_UNAVAILABLE' : 'RECORD_UNDECODABLE',
          `could not decode record with schema id ${schemaId}: ${(error as Error).message}`,
          { retriable: unreachable, cause: error },
        );
      }
    },
  };
}
