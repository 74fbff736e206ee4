import { describe, expect, it } from 'vitest';
import { waitFor } from '../harness/index.ts';
import { type Json, logStory } from './logStory.ts';

/**
 * Kafka restored in place from an older backup, under the product as `npm start` runs it
 * (processors/README.md "When the log was replaced", rule 6 of projections/src/logBinding.ts):
 * the brokers' disks copied, a purchase applied after the copy, the copy put back. The cluster
 * and topic ids are the backup's; once new purchases have grown the partition past the
 * checkpoints, no offset tells the logs apart, and before the checkpoints named their last
 * record the processors resumed on it (the new purchases below the old checkpoints never
 * applied). Now every projection that applied the lost purchase stops on the record at its
 * checkpoint and says so; the operator's rebuilds make every view the restored log's.
 */
describe('a log restored in place from an older backup', () => {
  const story = logStory();
  const { submitPurchase, chainOf, pipeline, processorsReady } = story;
  const partitionOf = (position: string) => Number(position.split(':')[1]);
  const offsetOf = (position: string) => Number(position.split(':')[2]);

  it('stops on the record at its checkpoint rather than resume past it, and the rebuild makes every view the restored log’s', async () => {
    // The backup holds one financed purchase.
    await story.start();
    const kept = await submitPurchase('F-KEPT');
    await waitFor(async () => (await chainOf('F-KEPT', `?after=${kept.documentId}`)).status === 200, {
      what: 'the purchase the backup keeps, applied',
    });
    await story.stop();
    await story.stack().backupKafka();

    // After the backup: another purchase, applied everywhere.
    await story.start();
    const lost = await submitPurchase('F-LOST');
    await waitFor(async () => (await chainOf('F-LOST', `?after=${lost.documentId}`)).status === 200, {
      what: 'the purchase the backup lacks, applied',
    });
    const applied: string[] = (await pipeline()).projections
      .filter((p: Json) => p.applied > 0)
      .map((p: Json) => p.projection);
    expect(applied).toEqual(
      expect.arrayContaining(['document-index', 'link-node', 'order-status', 'collateral']),
    );
    await story.stop();

    // The restore in place; then new purchases on the lost one's partition (the same business
    // key) take its offset and grow the partition past the checkpoints.
    await story.stack().restoreKafka();
    await story.start(['processors']);
    const since = [
      await submitPurchase('F-SINCE', `PO-F-LOST`),
      await submitPurchase('F-SINCE', `PO-F-LOST`),
    ];
    expect(since.map((s) => partitionOf(s.position))).toEqual([
      partitionOf(lost.position),
      partitionOf(lost.position),
    ]);
    expect(offsetOf(since[0]!.position)).toBe(offsetOf(lost.position));

    // Every projection that applied the lost purchase stops on the record now at its offset
    // (first, while the partition was shorter, past its end): none resumes past it.
    let seen: Json;
    const stopped = await waitFor(
      async () => {
        const ready = await processorsReady();
        seen = ready.body.checks;
        const rewritten = (ready.body.consumers as Json[]).filter(
          (c) => c.logReplaced?.mismatches[0]?.reason === 'records-rewritten',
        );
        return ready.status === 503 && rewritten.length === applied.length ? ready.body : undefined;
      },
      { what: 'every projection that applied the lost purchase stopped on its record', timeoutMs: 120_000 },
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}; the processors said ${JSON.stringify(seen)}`);
    });
    const rewritten = (stopped.consumers as Json[]).filter(
      (c) => c.logReplaced?.mismatches[0]?.reason === 'records-rewritten',
    );
    expect(rewritten.map((c) => c.name).sort()).toEqual([...applied].sort());
    for (const consumer of rewritten)
      expect(consumer.logReplaced.mismatches[0]).toMatchObject({
        topic: 'tradelog.doc.purchase.v1',
        partition: partitionOf(lost.position),
        checkpoint: { nextOffset: String(offsetOf(lost.position) + 1) },
      });

    // The operator's view and the answers say the same, and nothing of the new log is current.
    const view = await pipeline();
    for (const projection of view.projections as Json[]) {
      if (!applied.includes(projection.projection)) continue;
      expect(projection).toMatchObject({ state: 'log-replaced', lag: null });
      expect(projection.logReplaced.mismatches[0].reason).toBe('records-rewritten');
      expect(projection.logReplaced.message.en).toContain('restored in place from an older backup');
    }
    expect((await chainOf('F-LOST')).body.code).toBe('PROJECTION_LOG_REPLACED');
    const waited = await chainOf('F-SINCE', `?after=${since[1]!.documentId}`);
    expect(waited.status).toBe(503);

    // The operator rebuilds each from the log as it is and starts push on it.
    await story.rebuildAndStartPush(applied);
    await waitFor(async () => (await processorsReady()).status === 200, {
      what: 'the processors ready on the restored log',
      timeoutMs: 180_000,
      intervalMs: 500,
    });
    for (const projection of (await pipeline()).projections as Json[])
      expect(projection).toMatchObject({ state: 'current', lag: 0 });

    // Every view is the restored log's: what the backup kept and what came since, not what it lost.
    expect((await chainOf('F-KEPT')).status).toBe(200);
    const sinceChain = await chainOf('F-SINCE', `?after=${since[1]!.documentId}`);
    expect(sinceChain.status, JSON.stringify(sinceChain.body)).toBe(200);
    expect(sinceChain.body.freshness.recordsBehind).toBe(0);
    expect((await chainOf('F-LOST')).body.code).toBe('LINK_NODE_NOT_FOUND');
  }, 600_000);
});
