import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../harness/index.ts';
import { type Json, logStory } from './logStory.ts';

/**
 * The operator's reset, as the README's local stack offers it (`stack.sh down`, `stack.sh reset`,
 * `stack.sh up`: Kafka's data wiped, Postgres kept), under the product as `npm start` runs it
 * (processors/README.md "When the log was replaced"): the new log's documents are accepted but
 * never taken for applied; every projection that applied the old log stops and says so
 * (`/ready` 503, `/ops/pipeline` `log-replaced`, never lag 0); no answer holds the new document
 * as current; the operator rebuilds the projections from the new log and starts push on it, and
 * then every view is the new log's.
 */
describe('a log replaced under kept projections', () => {
  const story = logStory();
  const { call, live, offerPurchase, submitPurchase, chainOf, pipeline, processorsReady } = story;
  let pool: pg.Pool;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: story.stack().databaseUrl, max: 2 });
  });
  afterAll(async () => {
    await pool?.end();
  });

  const started = Date.now();
  /** Where the story's time goes, on the test's output. */
  const step = (what: string) =>
    console.info(`log replaced: ${what} after ${Math.round((Date.now() - started) / 1000)} s`);
  const pushCheckpoints = async () =>
    (
      await pool.query(
        `SELECT count(*)::int AS n FROM projection_checkpoints WHERE consumer_group = 'tradelog-push'`,
      )
    ).rows[0].n as number;

  it('stops rather than skip, answers nothing of the new log as current, and the rebuild makes every view the new log’s', async () => {
    // The old log: a financed purchase, applied everywhere and pushed through.
    await story.start();
    const old = await submitPurchase('F-OLD');
    await waitFor(async () => (await chainOf('F-OLD', `?after=${old.documentId}`)).status === 200, {
      what: 'the old purchase in its chain',
    });
    await waitFor(async () => (await pushCheckpoints()) > 0, { what: 'the push processor past a change' });
    const applied: string[] = (await pipeline()).projections
      .filter((p: Json) => p.applied > 0)
      .map((p: Json) => p.projection);
    expect(applied).toEqual(
      expect.arrayContaining(['document-index', 'link-node', 'order-status', 'collateral']),
    );
    step('old log applied and pushed');
    await story.stop();

    // The reset: a new cluster, the same Postgres. Ingest and the query API come up ready; the
    // processors live, but not ready.
    await story.stack().resetKafka();
    // With the portal: the next story's operator takes the remedy in the console.
    await story.start(['processors'], { portal: true });
    step('reset, npm start again');
    const fresh = await submitPurchase('F-NEW');
    expect(fresh.position).toMatch(/^tradelog\.doc\.purchase\.v1:\d+:0$/);

    let seen: Json;
    const stopped = await waitFor(
      async () => {
        const ready = await processorsReady();
        seen = ready.body.checks;
        const replaced = (ready.body.consumers as Json[]).filter((c) => c.logReplaced).map((c) => c.name);
        return ready.status === 503 && replaced.length === applied.length + 1 ? ready.body : undefined;
      },
      { what: 'every consumer that applied the old log stopped on it', timeoutMs: 120_000 },
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}; the processors said ${JSON.stringify(seen)}`);
    });
    expect(stopped.state).toBe('log-replaced');
    const replaced = (stopped.consumers as Json[]).filter((c) => c.logReplaced);
    expect(replaced.map((c) => c.name).sort()).toEqual([...applied, 'push'].sort());
    for (const consumer of replaced) {
      expect(consumer.logReplaced.mismatches[0].reason).toBe('cluster-changed');
      expect(stopped.checks[`consumer ${consumer.name}`]).toMatch(/^log-replaced: .*nothing was skipped/);
    }

    step('consumers stopped on the old log');
    // The operator's view: no lag to give, never 0; the words say what to do.
    const view = await pipeline();
    for (const projection of view.projections as Json[]) {
      if (!applied.includes(projection.projection)) continue;
      expect(projection).toMatchObject({ state: 'log-replaced', lag: null });
      expect(projection.logReplaced.message.en).toContain(`POST /ops/rebuild/${projection.projection}`);
    }
    // Push too: its checkpoints on the changes topic are of the old log, and its remedy is its own.
    expect(view.push).toEqual([
      expect.objectContaining({ consumerGroup: 'tradelog-push', state: 'log-replaced', lag: null }),
    ]);
    expect(view.push[0].logReplaced.message.en).toContain('POST /ops/push/start-on-new-log');
    // No answer holds the new purchase, nor passes the old view off as the new log's.
    const waited = await chainOf('F-NEW', `?after=${fresh.documentId}`);
    expect(waited.status).toBe(503);
    expect(['NOT_YET_APPLIED', 'PROJECTION_LOG_REPLACED']).toContain(waited.body.code);
    expect((await chainOf('F-OLD')).body.code).toBe('PROJECTION_LOG_REPLACED');
    // The processors stayed stopped: the new record is in no view, and the look-up says why
    // rather than that no such document was submitted.
    const lookUp = await call(
      'GET',
      `${live().urls['query-api']!}/documents/${fresh.documentId}`,
      live().keys.operator,
    );
    expect(lookUp.status, JSON.stringify(lookUp.body)).toBe(503);
    expect(lookUp.body.code).toBe('PROJECTION_LOG_REPLACED');

    // The operator rebuilds each from the new log and starts push on it; the document index first.
    const rebuild = async (projection: string) => {
      const requested = await call(
        'POST',
        `${live().urls['query-api']!}/ops/rebuild/${projection}`,
        live().keys.operator,
      );
      expect(requested.status, JSON.stringify(requested.body)).toBe(202);
    };
    await rebuild('document-index');
    await waitFor(
      async () =>
        (await pipeline()).projections.some(
          (p: Json) => p.projection === 'document-index' && p.state === 'current',
        ),
      { what: 'the document index rebuilt from the new log', timeoutMs: 120_000, intervalMs: 500 },
    );
    // The index finds the new purchase; a projection still on the old log's checkpoints (past the
    // new record's offset) is not said to have applied it.
    const indexed = await call(
      'GET',
      `${live().urls['query-api']!}/documents/${fresh.documentId}`,
      live().keys.operator,
    );
    expect(indexed.status, JSON.stringify(indexed.body)).toBe(200);
    const states = Object.fromEntries(indexed.body.projections.map((p: Json) => [p.projection, p.state]));
    expect(states).toMatchObject({
      'document-index': 'applied',
      'link-node': 'log-replaced',
      'order-status': 'log-replaced',
      collateral: 'log-replaced',
    });
    for (const projection of applied) if (projection !== 'document-index') await rebuild(projection);
    const started = await call(
      'POST',
      `${live().urls['query-api']!}/ops/push/start-on-new-log`,
      live().keys.operator,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.started).toEqual([expect.objectContaining({ consumerGroup: 'tradelog-push' })]);

    step('rebuilds requested');
    await waitFor(async () => (await processorsReady()).status === 200, {
      what: 'the processors ready on the new log',
      timeoutMs: 180_000,
      intervalMs: 500,
    });
    const rebuilt = await pipeline();
    for (const projection of rebuilt.projections as Json[])
      expect(projection).toMatchObject({ state: 'current', lag: 0 });
    // Push on the new log: no checkpoint of the old log is left (it starts the new log's changes
    // at their beginning), and any it stored there since is current.
    await waitFor(
      async () =>
        ((await pipeline()).push as Json[]).every((p) => p.state === 'current' && p.lag === 0) || undefined,
      { what: 'push caught up on the new log', timeoutMs: 60_000, intervalMs: 500 },
    );

    // Every view is the new log's: the new purchase is in it, the old one is not.
    const chain = await chainOf('F-NEW', `?after=${fresh.documentId}`);
    expect(chain.status, JSON.stringify(chain.body)).toBe(200);
    expect(chain.body.financingInfo).toEqual([expect.objectContaining({ businessKey: 'F-NEW' })]);
    expect(chain.body.freshness.recordsBehind).toBe(0);
    expect((await chainOf('F-OLD')).body.code).toBe('LINK_NODE_NOT_FOUND');
    const document = await call(
      'GET',
      `${live().urls['query-api']!}/documents/${fresh.documentId}`,
      live().keys.operator,
    );
    expect(document.status).toBe(200);
    expect(document.body.document).toMatchObject({ indexed: true, offset: '0' });
  }, 600_000);

  it('under the running product: ingest takes documents again at once, the processors stop on the new cluster, and the rebuild needs no restart', async () => {
    // The same reset with nothing stopped (`stack.sh down/reset/up` while `npm start` runs): every
    // process rides it out, and no cluster id or topic read before it is taken for the new log's.
    // First a purchase applied live, so that push has checkpoints on the log about to go.
    const before = await submitPurchase('F-LIVE');
    await waitFor(async () => (await chainOf('F-LIVE', `?after=${before.documentId}`)).status === 200, {
      what: 'the live purchase in its chain',
    });
    await waitFor(async () => (await pushCheckpoints()) > 0, { what: 'the push processor past a change' });
    const applied: string[] = (await pipeline()).projections
      .filter((p: Json) => p.applied > 0)
      .map((p: Json) => p.projection);
    await story.stack().resetKafka();
    step('reset under the running product');

    // Ingest creates the topics the reset took as it created them at start-up: the partner is
    // answered 503 while the brokers come back, then 200, not TOPIC_MISSING until a restart.
    let last: Json;
    const third = await waitFor(
      async () => {
        const { status, body } = await offerPurchase('F-THIRD');
        last = body;
        return status === 200 ? (body as { documentId: string }) : undefined;
      },
      { what: 'ingest accepting on the new cluster', timeoutMs: 60_000, intervalMs: 500 },
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}; ingest last said ${JSON.stringify(last)}`);
    });
    step('ingest accepted on the new cluster');

    // Each consumer that applied the log before it stops on it, push too, naming the new cluster.
    const stopped = await waitFor(
      async () => {
        const ready = await processorsReady();
        const replaced = (ready.body.consumers as Json[]).filter((c) => c.logReplaced);
        return ready.status === 503 && replaced.length === applied.length + 1 ? replaced : undefined;
      },
      { what: 'the consumers stopped on the new cluster', timeoutMs: 120_000, intervalMs: 500 },
    );
    expect(stopped.map((c) => c.name).sort()).toEqual([...applied, 'push'].sort());
    for (const consumer of stopped)
      expect(consumer.logReplaced.mismatches.map((m: Json) => m.reason)).toContain('cluster-changed');

    // The operator's remedy taken in the console, as the portal is served by npm start.
    await story.rebuildAndStartPushInConsole(applied);
    step('rebuilds requested and push started in the console');

    // The rebuilt views are the new cluster's: the processors read its id as it is now, so they
    // do not take the checkpoints the rebuilds wrote for another log's.
    let notReady: Json;
    await waitFor(
      async () => {
        const ready = await processorsReady();
        notReady = ready.body.checks;
        return ready.status === 200;
      },
      {
        what: 'the processors ready on the new cluster without a restart',
        timeoutMs: 180_000,
        intervalMs: 500,
      },
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}; the processors said ${JSON.stringify(notReady)}`);
    });
    for (const projection of (await pipeline()).projections as Json[])
      expect(projection).toMatchObject({ state: 'current', lag: 0 });
    const chain = await chainOf('F-THIRD', `?after=${third.documentId}`);
    expect(chain.status, JSON.stringify(chain.body)).toBe(200);
    expect((await chainOf('F-LIVE')).body.code).toBe('LINK_NODE_NOT_FOUND');

    // A purchase applied live on the new cluster: the processors create the changes topic the
    // reset took, its change events reach push, which stores its checkpoints on the new log.
    const fourth = await submitPurchase('F-FOURTH');
    await waitFor(async () => (await chainOf('F-FOURTH', `?after=${fourth.documentId}`)).status === 200, {
      what: 'a purchase applied live on the new cluster',
    });
    await waitFor(async () => (await pushCheckpoints()) > 0, {
      what: 'the push processor past a change on the new cluster',
      timeoutMs: 60_000,
    });
    await waitFor(
      async () => {
        const push = (await pipeline()).push as Json[];
        return push.length > 0 && push.every((p) => p.state === 'current' && p.lag === 0);
      },
      { what: 'push caught up on the new cluster', timeoutMs: 60_000, intervalMs: 500 },
    );
    expect(live().exits()).toEqual([]);
  }, 600_000);
});
