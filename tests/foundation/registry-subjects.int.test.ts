import { documentTypes, writerSchemaOf } from '@tradelog/schemas/documents/catalogue';
import { createRegistryCodec } from '@tradelog/schemas/kit/log/codec';
import { afterAll, describe, expect, it } from 'vitest';
import { testServices, uniqueName } from '../harness/index.ts';

/**
 * Registration against the real registry, whatever compatibility level a subject holds
 * (schemas/src/kit/log/codec.ts `subjectCompatibility`): one whose first registration was cut short
 * before the client wrote its level (the registry then answers its global level), and one whose
 * level an operator chose. The registry decides compatibility; the client never refuses.
 */
describe('schema registration and subject compatibility', () => {
  const services = testServices();
  const base = services.schemaRegistryUrl.replace(/\/$/, '');
  const codec = createRegistryCodec({ url: services.schemaRegistryUrl, registerAttempts: 1 });
  const subjects: string[] = [];
  const schema = (title: string) => ({
    type: 'object',
    title,
    properties: { entOrderNo: { type: 'string' } },
  });
  const subject = () => {
    const name = `${uniqueName('compat')}-value`;
    subjects.push(name);
    return name;
  };
  const call = (path: string, method: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/vnd.schemaregistry.v1+json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  afterAll(async () => {
    for (const name of subjects)
      await call(`/subjects/${encodeURIComponent(name)}`, 'DELETE').catch(() => {});
  });

  it('registers a new subject and gives it BACKWARD, as before', async () => {
    const name = subject();
    const id = await codec.registerSchema(name, schema('first'));
    expect(id).toBeGreaterThan(0);
    const config = (await (await call(`/config/${encodeURIComponent(name)}`, 'GET')).json()) as {
      compatibilityLevel: string;
    };
    expect(config.compatibilityLevel).toBe('BACKWARD');
    expect(await codec.registerSchema(name, schema('first'))).toBe(id);
  });

  it('takes a schema on a subject registered without its level (a first registration cut short)', async () => {
    const name = subject();
    const created = await call(`/subjects/${encodeURIComponent(name)}/versions`, 'POST', {
      schemaType: 'JSON',
      schema: JSON.stringify(schema('earlier')),
    });
    expect(created.ok).toBe(true);
    const id = await codec.registerSchema(name, schema('earlier'));
    expect(await codec.findSchemaId(name, schema('earlier'))).toBe(id);
  });

  it('keeps a document subject as it was when an intake rule is added (schemas/README.md "Intake rules")', async () => {
    const clearance = documentTypes.find((type) => type.id === 'clearance')!;
    const { 'x-intake': rule, ...before } = clearance.schema.properties!.superviseType!;
    expect(rule).toEqual({ maxLength: 6 });
    const name = subject();
    const id = await codec.registerSchema(name, {
      ...clearance.schema,
      properties: { ...clearance.schema.properties, superviseType: before },
    });
    // The same schema, so the same id: the registry's compatibility check (which refuses a
    // narrowed field) never runs, and the records already in the log keep their writer schema.
    expect(await codec.registerSchema(name, writerSchemaOf(clearance))).toBe(id);
    expect(await codec.findSchemaId(name, writerSchemaOf(clearance))).toBe(id);
  });

  it('says at once that the registry refuses a changed document schema, and takes it once the operator allows it (schemas/README.md "Changing a document schema")', async () => {
    const clearance = writerSchemaOf(documentTypes.find((type) => type.id === 'clearance')!);
    const name = subject();
    await codec.registerSchema(name, clearance);
    const changed = { ...clearance, description: `${clearance.description} (edited)` };
    await expect(codec.registerSchema(name, changed)).rejects.toMatchObject({
      code: 'SCHEMA_REFUSED',
      retriable: false,
      message: expect.stringContaining(name),
    });
    expect((await call(`/config/${encodeURIComponent(name)}`, 'PUT', { compatibility: 'NONE' })).ok).toBe(
      true,
    );
    expect(await codec.registerSchema(name, changed)).toBeGreaterThan(0);
  });

  it('keeps the level an operator chose for a subject', async () => {
    const name = subject();
    await codec.registerSchema(name, schema('v1'));
    expect((await call(`/config/${encodeURIComponent(name)}`, 'PUT', { compatibility: 'NONE' })).ok).toBe(
      true,
    );
    const id = await codec.registerSchema(name, schema('v2'));
    expect(id).toBeGreaterThan(0);
    const config = (await (await call(`/config/${encodeURIComponent(name)}`, 'GET')).json()) as {
      compatibilityLevel: string;
    };
    expect(config.compatibilityLevel).toBe('NONE');
  });
});
