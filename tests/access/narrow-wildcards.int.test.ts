import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { interfacePath } from '@tradelog/ingest/intake/interfaces';
import { findAccounts } from '@tradelog/projections/access/store';
import { submittedSince } from '@tradelog/projections/access/submitted';
import { findLiveVersion } from '@tradelog/projections/versions';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import { createRegistryCodec } from '@tradelog/schemas/kit/log/codec';
import { createRecordReader } from '@tradelog/schemas/kit/log/records';
import client from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStandingWildcardMetric } from '../../query-api/src/operations/accountsMetric.ts';
import { type DocumentPipeline, startDocumentPipeline } from '../harness/documentPipeline.ts';
import { testServices } from '../harness/index.ts';
import { endOffsetsOf, waitForProjectionsToApply } from '../harness/projectionsApplied.ts';

const run = promisify(execFile);

/**
 * README "Upgrading: narrowing standing wildcards", as an operator runs it: a partner account the
 * grants migration left wide (any enterprise, every feed family) submits documents and a feed;
 * `keys accounts` flags it, the metric counts it, `keys narrow` shows the grants read from the
 * log and writes them with `--apply`, after which nothing is wide.
 */
describe('narrowing a standing wildcard from what the account submitted (real Kafka, registry, Postgres)', () => {
  const services = testServices();
  let pipeline: DocumentPipeline<'wide'>;
  const cli = (...args: string[]) =>
    run(process.execPath, ['projections/src/access/cli.ts', ...args], {
      env: {
        ...process.env,
        DATABASE_URL: services.databaseUrl,
        DATABASE_SCHEMA: pipeline.db.schema,
        KAFKA_BROKERS: services.kafkaBrokers.join(','),
        SCHEMA_REGISTRY_URL: services.schemaRegistryUrl,
      },
    });
  const submit = async (typeId: string, document: unknown) => {
    const type = documentTypes.find((candidate) => candidate.id === typeId)!;
    const response = await fetch(`${pipeline.ingest.url}${interfacePath(type.path, 'tradelog')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${pipeline.keys.wide}` },
      body: JSON.stringify(document),
    });
    expect(response.status, await response.text()).toBe(200);
  };
  const wildcardGauge = async (registry: client.Registry) =>
    (await registry.getSingleMetric('tradelog_accounts_standing_wildcard')!.get()).values[0]?.value;

  beforeAll(async () => {
    pipeline = await startDocumentPipeline({
      prefix: 'narrow',
      // A partner as the grants migration left it: '*' and every feed family (the harness' default).
      keys: { wide: { kind: 'partner', ownerId: 'wide-port' } },
      projections: ['document-index'],
    });
    await submit('pod', { ...examples.pod, customerCode: 'ENT-A', entOrderNo: 'NARROW-1' });
    await submit('purchase', { ...examples.purchase, customerCode: 'ENT-B', entOrderNo: 'NARROW-2' });
    await submit('expressTrace', examples.expressTrace);
    await waitForProjectionsToApply(
      pipeline.pool,
      await endOffsetsOf(services.kafkaBrokers, pipeline.documentTopics),
      {
        projections: ['document-index'],
        topicOf: pipeline.topicOf,
      },
    );
  });

  afterAll(async () => {
    await pipeline?.stop();
  });

  it('flags the wide account, shows the narrowing, and writes it only with --apply', async () => {
    const registry = new client.Registry();
    registerStandingWildcardMetric(registry, pipeline.pool);
    expect(await wildcardGauge(registry)).toBe(1);
    expect((await cli('accounts')).stdout).toMatch(
      /wide-port .* WIDE: standing wildcard: any enterprise \(\*\) and every feed family \(narrow with: npm run keys -- narrow wide-port\)/,
    );

    const shown = await cli('narrow', 'wide-port', '--since', '2020-01-01');
    expect(shown.stdout).toContain('3 document(s), naming 2 enterprise(s), of 1 feed famil(ies)');
    expect(shown.stdout).toContain('grants after narrowing: enterprises=ENT-A,ENT-B  feeds=tracking.express');
    expect(shown.stdout).toContain('nothing written');
    const [before] = await findAccounts(pipeline.pool, 'wide-port');
    expect(before!.enterprises).toEqual(['*']);

    const applied = await cli('narrow', 'wide-port', '--since', '2020-01-01', '--apply');
    expect(applied.stdout).toContain('written:');
    const [after] = await findAccounts(pipeline.pool, 'wide-port');
    expect(after).toMatchObject({ enterprises: ['ENT-A', 'ENT-B'], feeds: ['tracking.express'] });
    expect((await cli('accounts')).stdout).not.toContain('WIDE:');
    expect(await wildcardGauge(registry)).toBe(0);
    const { rows } = await pipeline.pool.query(
      `SELECT actor, subject FROM operator_audit WHERE action = 'grants.narrowed'`,
    );
    expect(rows).toEqual([
      {
        actor: expect.stringMatching(/^cli:/),
        subject: expect.objectContaining({
          code: 'wide-port',
          documents: 3,
          granted: { enterprises: ['ENT-A', 'ENT-B'], feeds: [] },
          withdrawn: expect.objectContaining({ enterprises: ['*'] }),
        }),
      },
    ]);
    // A later window holds nothing the account submitted.
    expect((await cli('narrow', 'wide-port', '--since', '2999-01-01')).stdout).toContain('0 document(s)');
  });

  it('refuses a window with more documents than it reads, and an index that is not of this log', async () => {
    const reader = createRecordReader({ brokers: services.kafkaBrokers, clientId: 'narrow-test' });
    const codec = createRegistryCodec({ url: services.schemaRegistryUrl });
    const read = (maxDocuments?: number) =>
      submittedSince({
        db: pipeline.pool,
        reader,
        decode: (value) => codec.decode(value),
        partnerId: 'wide-port',
        since: new Date('2020-01-01'),
        ...(maxDocuments === undefined ? {} : { maxDocuments }),
      });
    try {
      await expect(read(2)).rejects.toMatchObject({ code: 'ACCOUNT_RULE', status: 400 });
      // The index names a document the log does not hold there (a log replaced under it).
      const live = await findLiveVersion(pipeline.pool, 'document-index');
      await pipeline.pool.query(
        `UPDATE "${live!.schemaName}".documents SET document_id = 'not-this-one' WHERE doc_type = 'pod' AND partner_id = 'wide-port'`,
      );
      await expect(read()).rejects.toMatchObject({ code: 'INDEX_NOT_OF_THIS_LOG', status: 409 });
    } finally {
      await reader.close();
    }
  });
});
