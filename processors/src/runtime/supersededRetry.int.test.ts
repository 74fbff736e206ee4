import { type DeadLetter, listDeadLetters, markDeadLetterRetrying } from '@tradelog/projections';
import { TradelogError } from '@tradelog/schemas';
import { examples } from '@tradelog/schemas/documents/examples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLogger, testServices, waitFor } from '../../../tests/harness/index.ts';
import { type DocumentEvent, untyped } from '../documents/event.ts';
import { projections } from '../projections.ts';
import { createLogFixture, type LogFixture } from '../testing/logFixture.ts';
import type { Projection } from './projection.ts';
import { ensureLiveVersion } from './supervisor.ts';

/**
 * processors/README.md "Dead letters": an operator's retry of an old dead letter never
 * overwrites newer state. Given a record dead-lettered and a newer record of the same entity
 * applied, when the old letter is retried after the fix, then the newer state stays and the
 * letter resolves as `superseded` — on real Kafka, registry and Postgres.
 */
describe('a retried dead letter older than the row', () => {
  const services = testServices();
  let log: LogFixture;
  beforeAll(async () => {
    log = await createLogFixture(services, quietLogger, 'sup');
  });
  afterAll(async () => {
    await log?.close();
  });

  /** A projection that cannot apply the marked document until "a fix is deployed". */
  function failingUntilFixed(
    name: 'link-node' | 'enterprise-data',
    marked: (event: DocumentEvent) => boolean,
  ) {
    const control = { fixed: false };
    const inner = projections[name];
    const projection: Projection = {
      ...inner,
      async applyBatch(db, schema, events, locks) {
        if (!control.fixed && events.some(marked))
          throw new TradelogError('APPLY_BUG', 'cannot apply this yet');
        return inner.applyBatch(db, schema, events, locks);
      },
    };
    return { projection, control };
  }

  async function start(name: 'link-node' | 'enterprise-data', projection: Projection) {
    const version = await ensureLiveVersion(log.pool, log.namespace, name);
    const consumer = log.projectionConsumer(name, version, {
      projection,
      changes: { producer: log.producer, topic: log.changesTopic },
    });
    await consumer.start();
    return { version, consumer };
  }

  const letterOf = (projection: string) =>
    waitFor(
      async () =>
        (await listDeadLetters(log.pool, { projection, limit: 10 })).find((l) => l.errorCode === 'APPLY_BUG'),
      { what: `the old record of ${projection} dead-lettered` },
    );

  const settled = (letter: DeadLetter) =>
    waitFor(
      async () => {
        const [found] = (
          await listDeadLetters(log.pool, { projection: letter.projection, limit: 50 })
        ).filter((l) => l.id === letter.id);
        return found && found.state !== 'open' && found.state !== 'retrying' ? found : undefined;
      },
      { what: 'the retried letter settled' },
    );

  it('link-node: the node keeps the newer document and the letter is superseded', async () => {
    const pod = (billNo: string) => ({ ...examples.pod, entOrderNo: 'SUP-POD-1', billNo });
    const { projection, control } = failingUntilFixed(
      'link-node',
      (event) => untyped(event.document).billNo === 'BL-OLD',
    );
    // One business key: one partition, so the newer record follows the old one in the log.
    await log.append('pod', pod('BL-OLD'));
    await log.append('pod', pod('BL-NEW'));
    const { version, consumer } = await start('link-node', projection);
    try {
      const billNo = async () =>
        (
          await log.pool.query(
            `SELECT fields->>'billNo' AS bill_no FROM "${version.schemaName}".nodes WHERE business_key = 'SUP-POD-1'`,
          )
        ).rows[0]?.bill_no;
      await waitFor(async () => (await billNo()) === 'BL-NEW', { what: 'the newer document applied' });
      const letter = await letterOf('link-node');

      control.fixed = true;
      await markDeadLetterRetrying(log.pool, letter.id);

      expect(await settled(letter)).toMatchObject({ state: 'superseded', resolvedAt: expect.any(Date) });
      expect(await billNo()).toBe('BL-NEW');
    } finally {
      await consumer.stop();
    }
  });

  it('enterprise-data: the warehouse order keeps the newer document and the letter is superseded', async () => {
    const inbound = (warehouseName: string) => ({
      ...examples.inbound,
      customerCode: 'SUP-ENT',
      entOrderNo: 'SUP-IN-1',
      warehouseName,
    });
    const { projection, control } = failingUntilFixed(
      'enterprise-data',
      (event) => untyped(event.document).warehouseName === 'old warehouse',
    );
    await log.append('inbound', inbound('old warehouse'));
    await log.append('inbound', inbound('new warehouse'));
    const { version, consumer } = await start('enterprise-data', projection);
    try {
      const warehouseName = async () =>
        (
          await log.pool.query(
            `SELECT warehouse_name FROM "${version.schemaName}".warehouse_orders WHERE order_no = 'SUP-IN-1'`,
          )
        ).rows[0]?.warehouse_name;
      await waitFor(async () => (await warehouseName()) === 'new warehouse', {
        what: 'the newer document applied',
      });
      const letter = await letterOf('enterprise-data');

      control.fixed = true;
      await markDeadLetterRetrying(log.pool, letter.id);

      expect(await settled(letter)).toMatchObject({ state: 'superseded' });
      expect(await warehouseName()).toBe('new warehouse');
      // A superseded letter is done with: it cannot be retried again.
      expect(await markDeadLetterRetrying(log.pool, letter.id)).toBeNull();
    } finally {
      await consumer.stop();
    }
  });
});
