import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { migrate } from '@tradelog/projections/migrate';
import { type DocumentTypeId, documentType, documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interfacePath } from '../../ingest/src/intake/interfaces.ts';
import { createTestApiKey } from '../harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices, uniqueName } from '../harness/index.ts';
import { stallOn } from '../harness/slowClient.ts';

/**
 * Ingest against hostile and careless callers: the real app in a child process (real Kafka,
 * registry and Postgres), fed oversized lists, amplified errors, deep nesting, huge strings,
 * too many keys, unstorable characters, wrong types everywhere, slow clients and a flood of
 * all of them at once. Each must be answered with the right status and a bilingual message
 * naming the field and rule, within a bounded time and size, while `/health` keeps answering
 * within a bound (measured throughout), and ingest's resident memory is printed before
 * and after.
 */
const services = testServices();
// Unguarded, one hostile body held the event loop for seconds (21 s for 1 MiB of empty items);
// guarded, a probe waits at most a few bodies' examination. 500 ms tells the two apart on two
// shared cores, where the probe also queues behind the test's own load (134 ms seen in CI).
const healthBoundMs = 500;
const answerBoundMs = 1_000;
const headersTimeoutMs = 2_000;
const requestTimeoutMs = 4_000;

let schema: Awaited<ReturnType<typeof createTestSchema>>;
let pool: pg.Pool;
let child: ChildProcess;
let baseUrl: string;
let partnerKey: string;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

const pathOf = (id: DocumentTypeId) => interfacePath(documentType(id).path, 'tradelog');

interface Answer {
  status: number;
  body: Record<string, unknown>;
  bytes: number;
  ms: number;
}

function post(
  id: DocumentTypeId,
  body: Buffer | string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const started = performance.now();
  const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}${pathOf(id)}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': String(payload.length),
          authorization: `Bearer ${partnerKey}`,
          'accept-language': 'en',
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(text.toString('utf8')) as Record<string, unknown>,
            bytes: text.length,
            ms: performance.now() - started,
          });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * Polls /health every 20 ms until stopped, from a worker thread of its own: what is measured is
 * ingest's answer, not this process's event loop, which is busy sending the hostile bodies.
 */
async function watchHealth() {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const http = require('node:http');
     const agent = new http.Agent({ keepAlive: true });
     let running = true;
     const latencies = [];
     parentPort.on('message', () => { running = false; });
     const probe = () => new Promise((resolve, reject) => {
       const started = performance.now();
       http.get(workerData.url + '/health', { agent }, (response) => {
         response.resume();
         response.on('end', () => response.statusCode === 200
           ? resolve(performance.now() - started)
           : reject(new Error('health answered ' + response.statusCode)));
       }).on('error', reject);
     });
     (async () => {
       latencies.push(await probe());
       parentPort.postMessage('ready');
       while (running) {
         await new Promise((resolve) => setTimeout(resolve, 20));
         latencies.push(await probe());
       }
       agent.destroy();
       parentPort.postMessage(latencies);
     })().catch((error) => parentPort.postMessage({ error: String(error) }));`,
    { eval: true, workerData: { url: baseUrl } },
  );
  // The first probe has answered before the work starts.
  const first = await new Promise<unknown>((resolve) => worker.once('message', resolve));
  if (first !== 'ready') throw new Error(`health probe failed: ${JSON.stringify(first)}`);
  return {
    async stop() {
      const answer = new Promise<number[] | { error: string }>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const latencies = await answer;
      await worker.terminate();
      if (!Array.isArray(latencies)) throw new Error(latencies.error);
      return { count: latencies.length, maxMs: Math.max(...latencies) };
    },
  };
}

async function withHealthWatched<T>(work: () => Promise<T>): Promise<T> {
  const health = await watchHealth();
  try {
    return await work();
  } finally {
    const { count, maxMs } = await health.stop();
    console.log(`/health answered ${count} times, slowest ${maxMs.toFixed(1)} ms`);
    expect(count).toBeGreaterThan(0);
    expect(maxMs).toBeLessThan(healthBoundMs);
  }
}

function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  return Math.round(kib / 1024);
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');
const example = (id: DocumentTypeId) => structuredClone(examples[id]) as unknown as Record<string, unknown>;

/** A clear refusal: the status, our code, an English message, and (for validation) bounded issues naming fields. */
function expectRefused(answer: Answer, status: number, code: string) {
  expect(answer.status).toBe(status);
  expect(answer.body).toMatchObject({ flag: 'failure', code });
  expect(answer.body.message).toMatch(/[A-Za-z]/);
  expect(answer.ms).toBeLessThan(answerBoundMs);
  expect(answer.bytes).toBeLessThan(16 * 1024);
}

function issuesOf(answer: Answer) {
  return answer.body.errors as { path: string; rule: string; message: string }[];
}

// Bodies just under the 1 MB limit an attacker can send with any partner key.
const hostile = {
  oversizedList: Buffer.from(
    `{"entOrderNo":"H1","commitTime":"2024-03-05 14:30:00","goodsList":[${Array(333_000).fill('{}').join(',')}]}`,
  ),
  deepNesting: Buffer.from(`{"entOrderNo":"H1","x":${'['.repeat(499_000)}${']'.repeat(499_000)}}`),
  hugeKnownString: json({ ...example('goods'), notes: 'x'.repeat(990_000) }),
  hugeUnknownString: json({ ...example('pod'), remark: '长'.repeat(330_000) }),
  manyKeys: json(Object.fromEntries(Array.from({ length: 90_000 }, (_, index) => [`k${index}`, 1]))),
  manyContainers: json({ ...example('pod'), x: Array.from({ length: 900 }, () => Array(20).fill([])) }),
};

/** Every leaf replaced by a value of the wrong type, containers kept. */
function wrongLeaves(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(wrongLeaves);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, wrongLeaves(item)]));
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return 'twelve';
  return [value];
}

/** Every field of the document replaced by a value of the wrong kind: lists by objects, objects by text. */
function wrongFields(document: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(document).map(([key, value]) => [
      key,
      Array.isArray(value)
        ? { items: value }
        : value !== null && typeof value === 'object'
          ? 'text'
          : wrongLeaves(value),
    ]),
  );
}

beforeAll(async () => {
  schema = await createTestSchema(services.databaseUrl, 'hostile_ingest');
  await migrate(services.databaseUrl, { schema: schema.schema, logger: quietLogger });
  pool = new pg.Pool({ connectionString: schema.databaseUrl, max: 2 });
  partnerKey = (await createTestApiKey(pool, 'partner', { ownerId: 'hostile-partner' })).key;
  child = spawn(process.execPath, [fileURLToPath(new URL('./ingestChild.ts', import.meta.url))], {
    env: {
      ...process.env,
      HOSTILE_KEYS_DATABASE_URL: schema.databaseUrl,
      HOSTILE_TOPIC_SUFFIX: uniqueName('hostile'),
      HOSTILE_HEADERS_TIMEOUT_MS: String(headersTimeoutMs),
      HOSTILE_REQUEST_TIMEOUT_MS: String(requestTimeoutMs),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The child's logs share its stdout; its address is the line that starts with LISTENING.
  baseUrl = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('LISTENING ')) resolve(line.slice('LISTENING '.length));
    });
    child.once('exit', (code) => reject(new Error(`ingest child exited with ${code}`)));
  });
  // Warm up: every interface accepts its example once (compiled validators, connected producer).
  for (const type of documentTypes) expect((await post(type.id, json(example(type.id)))).status).toBe(200);
});

afterAll(async () => {
  agent.destroy();
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await pool?.end();
  await schema?.drop();
});

describe('one hostile body at a time', () => {
  let rssBefore = 0;
  beforeAll(() => {
    rssBefore = residentMiB(child.pid!);
  });

  it('refuses 349,000 empty goods lines by the list length alone', async () => {
    const answer = await withHealthWatched(() => post('inbound', hostile.oversizedList));
    expectRefused(answer, 400, 'VALIDATION_FAILED');
    expect(issuesOf(answer)).toEqual([
      {
        path: 'goodsList',
        rule: 'maxItems',
        message: 'goodsList is too long: a list holds at most 1000 items',
      },
    ]);
    const cn = await post('inbound', hostile.oversizedList, { 'accept-language': 'zh-CN' });
    expect(cn.body.message).toBe('单据校验未通过（1 项）');
    expect(issuesOf(cn)[0]?.message).toBe('goodsList列表过长：任何列表最多 1000 项');
  });

  it('answers a document full of errors with 20 issues and the count of the rest', async () => {
    const inbound = example('inbound') as { goodsList: Record<string, unknown>[] };
    const lines = Array.from({ length: 1000 }, () => wrongLeaves(inbound.goodsList[0]));
    const answer = await withHealthWatched(() => post('inbound', json({ ...inbound, goodsList: lines })));
    expectRefused(answer, 400, 'VALIDATION_FAILED');
    expect(issuesOf(answer)).toHaveLength(20);
    expect(answer.body.skipped).toBeGreaterThan(10_000);
    expect(answer.body.message).toMatch(/the first 20 are listed, \d+ more are not/);
    expect(issuesOf(answer)[0]).toMatchObject({ path: 'goodsList[0].gNum', rule: 'type' });
  });

  it('refuses nesting 500,000 deep', async () => {
    const answer = await withHealthWatched(() => post('pod', hostile.deepNesting));
    expectRefused(answer, 400, 'VALIDATION_FAILED');
    expect(issuesOf(answer)[0]).toMatchObject({
      rule: 'maxDepth',
      path: 'x[0][0][0][0][0][0][0][0][0][0][0]',
    });
  });

  it('refuses a string of nearly 1 MB in a known field and in an unknown one', async () => {
    const known = await withHealthWatched(() => post('goods', hostile.hugeKnownString));
    expectRefused(known, 400, 'VALIDATION_FAILED');
    expect(issuesOf(known)).toEqual([
      {
        path: 'notes',
        rule: 'maxLength',
        message: 'notes (Notes) must be at most 1000 characters; got 990000',
      },
    ]);
    const unknown = await withHealthWatched(() => post('pod', hostile.hugeUnknownString));
    expectRefused(unknown, 400, 'VALIDATION_FAILED');
    expect(issuesOf(unknown)[0]).toMatchObject({ path: 'remark', rule: 'maxLength' });
  });

  it('refuses 90,000 keys and 18,000 nested lists', async () => {
    const keys = await withHealthWatched(() => post('pod', hostile.manyKeys));
    expectRefused(keys, 400, 'VALIDATION_FAILED');
    expect(issuesOf(keys)[0]).toMatchObject({ path: '', rule: 'maxProperties' });
    const containers = await withHealthWatched(() => post('pod', hostile.manyContainers));
    expectRefused(containers, 400, 'VALIDATION_FAILED');
    expect(issuesOf(containers)[0]).toMatchObject({ rule: 'maxNodes' });
  });

  it('refuses a body above the limit with 413 before reading it all', async () => {
    const answer = await post('pod', Buffer.alloc(2 * 1024 * 1024, 0x20));
    expectRefused(answer, 413, 'BODY_TOO_LARGE');
  });

  afterAll(() => {
    const rssAfter = residentMiB(child.pid!);
    console.log(`ingest resident memory: ${rssBefore} MiB before the hostile bodies, ${rssAfter} MiB after`);
    expect(rssAfter - rssBefore).toBeLessThan(200);
  });
});

describe('identifiers the log cannot keep', () => {
  it.each([
    ['entOrderNo', 'E1\u0000', 'character 3 is the control character U+0000'],
    ['busiOrderNo', '\u0001B1', 'character 1 is the control character U+0001'],
    ['customerCode', 'C\u007f', 'character 2 is the control character U+007F'],
    ['billNo', 'BL1 ', 'it ends with a blank'],
    ['entOrderNo', ' E1', 'it starts with a blank'],
    ['entOrderNo', 'E\ud800', 'character 2 is the lone surrogate U+D800 (not a Unicode character)'],
  ])('refuses %s = %j, naming the field, the rule and the character', async (field, value, problem) => {
    const answer = await post('pod', json({ ...example('pod'), [field]: value }));
    expectRefused(answer, 400, 'VALIDATION_FAILED');
    expect(issuesOf(answer)).toHaveLength(1);
    expect(issuesOf(answer)[0]).toMatchObject({ path: field, rule: 'identifier' });
    expect(issuesOf(answer)[0]?.message).toContain(`is an identifier and may not hold control characters`);
    expect(issuesOf(answer)[0]?.message).toContain(problem);
    const cn = await post('pod', json({ ...example('pod'), [field]: value }), { 'accept-language': 'zh' });
    expect(issuesOf(cn)[0]?.message).toContain('是标识，不能含控制字符或不成对的代理项，首尾不能有空白');
  });

  it('refuses NUL in free text and in a property name, and keeps tabs and newlines', async () => {
    const text = await post('goods', json({ ...example('goods'), notes: 'a\u0000b' }));
    expectRefused(text, 400, 'VALIDATION_FAILED');
    expect(issuesOf(text)[0]).toMatchObject({ path: 'notes', rule: 'character' });
    const name = await post('pod', json({ ...example('pod'), 'bad\u0000name': 1 }));
    expectRefused(name, 400, 'VALIDATION_FAILED');
    expect(issuesOf(name)[0]).toMatchObject({ rule: 'character' });
    const tabs = await post('goods', json({ ...example('goods'), notes: 'line 1\n\tline 2' }));
    expect(tabs.status).toBe(200);
  });
});

describe('wrong types in every position', () => {
  it.each(documentTypes.map((type) => type.id))(
    '%s: every leaf and every field of the wrong type',
    async (id) => {
      for (const document of [wrongLeaves(example(id)), wrongFields(example(id))]) {
        const answer = await post(id, json(document));
        // The e-commerce interfaces answer every failure with code "500", the tally interface with
        // "Error" (§8), ours in `reason` (ingest/src/intake/responses.ts).
        const { response } = documentType(id);
        const ownCode = response === 'ecommerce' ? '500' : response === 'tally' ? 'Error' : undefined;
        expectRefused(answer, 400, ownCode ?? 'VALIDATION_FAILED');
        if (ownCode) expect(answer.body.reason).toBe('VALIDATION_FAILED');
        const issues = issuesOf(answer);
        expect(issues.length).toBeGreaterThan(0);
        expect(issues.length).toBeLessThanOrEqual(20);
        for (const issue of issues) {
          // A wrong-typed either-or field also leaves the either-or unmet.
          expect(['type', 'eitherOr']).toContain(issue.rule);
          expect(issue.message).toContain(issue.path.split('|')[0]);
        }
      }
    },
  );

  it.each(['[]', '"text"', '12', 'null', 'true'])('refuses the body %s as not an object', async (body) => {
    expectRefused(await post('pod', body), 400, 'NOT_AN_OBJECT');
  });

  it('refuses bodies that are not JSON, quoting little of them', async () => {
    const answer = await post('pod', `{"entOrderNo": ${'x'.repeat(500_000)}`);
    expectRefused(answer, 400, 'MALFORMED_JSON');
    expect(String(answer.body.message).length).toBeLessThan(400);
  });
});

describe('a flood of hostile bodies at once', () => {
  it('answers every one with 400 in bounded time while /health keeps answering', async () => {
    const rssBefore = residentMiB(child.pid!);
    const bodies: [DocumentTypeId, Buffer][] = [
      ['inbound', hostile.oversizedList],
      ['pod', hostile.deepNesting],
      ['goods', hostile.hugeKnownString],
      ['pod', hostile.hugeUnknownString],
      ['pod', hostile.manyKeys],
      ['pod', hostile.manyContainers],
    ];
    const started = performance.now();
    const answers = await withHealthWatched(() =>
      Promise.all(Array.from({ length: 48 }, (_, index) => post(...bodies[index % bodies.length]!))),
    );
    const seconds = (performance.now() - started) / 1000;
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
      expect(answer.bytes).toBeLessThan(4 * 1024);
    }
    const rssAfter = residentMiB(child.pid!);
    console.log(
      `flood: 48 hostile bodies of nearly 1 MB answered in ${seconds.toFixed(2)} s; ingest resident memory ${rssBefore} → ${rssAfter} MiB`,
    );
    expect(seconds).toBeLessThan(15);
    expect(rssAfter - rssBefore).toBeLessThan(300);
  });
});

describe('slow clients', () => {
  const stall = (text: string) => stallOn(baseUrl, text);

  it('cuts a client that never finishes its headers', async () => {
    const { closedAfterMs } = await stall(`POST ${pathOf('pod')} HTTP/1.1\r\nHost: x\r\nContent-Type: app`);
    expect(closedAfterMs).toBeLessThan(headersTimeoutMs + 2_000);
  });

  it('answers 408 to a client that never finishes its body', async () => {
    const { answer, closedAfterMs } = await stall(
      `POST ${pathOf('pod')} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${partnerKey}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"entOrderNo":`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(requestTimeoutMs + 2_000);
  });
});
