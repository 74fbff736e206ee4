import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureKeyset } from '@tradelog/projections/access/developmentKeys';
import type { Logger } from '@tradelog/schemas';
import { feedFamilies } from '@tradelog/schemas/documents/catalogue';
import type { OpenApiDocument } from '@tradelog/schemas/openapi/document';
import { examples as queryExamples } from '@tradelog/schemas/queries/examples';
import pg from 'pg';
import { hashPassword } from '../../query-api/src/content/passwordHash.ts';
import { buildCollection, type PostmanCollection, type ServiceName } from './collection.ts';
import {
  type DemoSubmission,
  demoEnterprises,
  demoSubmissions,
  demoVisitorPassword,
  demoVisitorPhone,
  releaseAlert,
} from './dataset.ts';
import { demoPlans } from './plans.ts';

/**
 * `npm run demo` without its shell (deploy/demo/main.ts): creates the demo keys, sends the
 * demo data set through the running services' real interfaces, waits until the projections
 * answer with it, and writes the Postman collection. Every step talks HTTP to ingest and
 * query-api, except the keys, which are created with the key store as `npm run keys` does.
 */
export interface DemoOptions {
  ingestUrl: string;
  queryApiUrl: string;
  databaseUrl: string;
  outDir: string;
  /** Where the demo's subscriptions push (the callback-target guard applies). */
  callbackUrl: string;
  logger: Logger;
  /** How long to wait for the projections to show the data. */
  timeoutMs: number;
}

export interface DemoResult {
  keys: { partnerKey: string; lenderKey: string; operatorKey: string };
  documents: Record<ServiceName, OpenApiDocument>;
  collection: PostmanCollection;
  collectionFile: string;
  variables: Record<string, string>;
  submitted: number;
}

export const collectionFileName = 'tradelog-demo.postman_collection.json';

async function call(
  url: string,
  key: string | undefined,
  method = 'GET',
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await fetch(url, {
    method,
    headers: {
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      'Accept-Language': 'en',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await answer.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { text };
  }
  return { status: answer.status, body: parsed };
}

async function openApiOf(baseUrl: string, service: string): Promise<OpenApiDocument> {
  try {
    const answer = await fetch(`${baseUrl}/openapi.json`, { signal: AbortSignal.timeout(5_000) });
    if (!answer.ok) throw new Error(`answered ${answer.status}`);
    return (await answer.json()) as OpenApiDocument;
  } catch (error) {
    throw new Error(
      `${service} does not answer at ${baseUrl} (${(error as Error).message}). Start the services first (npm start), or set ${service === 'ingest' ? 'INGEST_URL' : 'QUERY_API_URL'}.`,
    );
  }
}

async function until<T>(what: string, deadline: number, probe: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; are the processors running (npm start runs them)?`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

type DemoKeys = DemoResult['keys'];
type ServiceDocuments = DemoResult['documents'];

export async function loadDemo(options: DemoOptions): Promise<DemoResult> {
  const log = options.logger.scope({ component: 'demo' });
  const documents = {
    ingest: await openApiOf(options.ingestUrl, 'ingest'),
    queryApi: await openApiOf(options.queryApiUrl, 'query-api'),
  };
  await mkdir(options.outDir, { recursive: true });
  const enterprises = demoEnterprises.map((enterprise) => enterprise.code);
  const keys = await ensureKeyset(
    options.databaseUrl,
    join(options.outDir, '.demo-keys.json'),
    demoKeyset(enterprises),
  );
  log.info('demo keys ready', { enterprises });
  const visitorPassword = await ensureDemoVisitor(options.databaseUrl);
  // Subscribed before the documents go in, so that their changes are pushed to it.
  const demoSubscriptionId = await subscribeDemo(options, keys.lenderKey, enterprises[0]!);
  const submissions = demoSubmissions();
  await submitAll(options.ingestUrl, documents.ingest, keys.partnerKey, submissions);
  log.info('demo documents submitted', { documents: submissions.length });
  await awaitProjections(options, keys.lenderKey, enterprises, submissions);
  log.info('demo data visible through the query API');
  const ids = await collectionIds(options.queryApiUrl, keys, demoSubscriptionId);
  const variables = collectionVariables(options, keys, { demoSubscriptionId, visitorPassword, ...ids });
  const collection = demoCollection(documents, variables, ids);
  const collectionFile = join(options.outDir, collectionFileName);
  await writeFile(collectionFile, `${JSON.stringify(collection, null, 2)}\n`, { mode: 0o600 });
  log.info('Postman collection written', { file: collectionFile });
  return { keys, documents, collection, collectionFile, variables, submitted: submissions.length };
}

/** The demo's three keys: a partner, a lender of the demo enterprises and an operator. */
export function demoKeyset(enterprises: string[]) {
  return {
    partnerKey: {
      kind: 'partner' as const,
      ownerId: 'demo-partner',
      ownerName: 'Demo logistics partner',
      // The platform's integration partner, granted any enterprise ('*') as the development
      // partner is: the catalogue examples the collection sends also name a customs broker
      // (declareCode) and an e-commerce customs code (electricCode) besides the demo enterprises.
      enterprises: ['*'],
      // It also relays the demo's feeds (tracking, reference and enterprise data).
      feeds: feedFamilies,
    },
    lenderKey: { kind: 'lender' as const, ownerId: 'demo-lender', ownerName: 'Demo lender', enterprises },
    operatorKey: {
      kind: 'operator' as const,
      ownerId: 'demo-operator',
      ownerName: 'Demo operator',
      enterprises: [] as string[],
    },
  };
}

/**
 * The lender's two subscriptions: every change of the first demo enterprise (its id is the
 * collection's `demoSubscriptionId`), and the release and low-coverage alerts of the enterprise
 * whose receipt is released (dataset.ts `releaseAlert`): kinds pushed only to subscriptions that
 * name them.
 */
async function subscribeDemo(options: DemoOptions, lenderKey: string, enterprise: string): Promise<string> {
  const url = `${options.queryApiUrl}/subscriptions/changes`;
  const subscribed = await call(url, lenderKey, 'POST', { enterprise, callbackUrl: options.callbackUrl });
  const demoSubscriptionId = (subscribed.body.subscription as { id?: string } | undefined)?.id;
  if (subscribed.status !== 200 || !demoSubscriptionId)
    throw new Error(`subscribing to changes failed: ${subscribed.status} ${JSON.stringify(subscribed.body)}`);
  const alertsSubscribed = await call(url, lenderKey, 'POST', {
    enterprise: releaseAlert.enterprise.code,
    projections: ['collateral'],
    kinds: ['collateral.released', 'coverage.low'],
    callbackUrl: options.callbackUrl,
  });
  if (alertsSubscribed.status !== 200)
    throw new Error(
      `subscribing to alerts failed: ${alertsSubscribed.status} ${JSON.stringify(alertsSubscribed.body)}`,
    );
  return demoSubscriptionId;
}

/** Ingest's path of an interface, as its OpenAPI document names the submit operation. */
export function submitPathOf(ingest: OpenApiDocument, interfaceId: string): string {
  const path = Object.entries(ingest.paths).find(
    ([, methods]) => methods.post?.operationId === `submit_${interfaceId}`,
  )?.[0];
  if (!path) throw new Error(`ingest serves no ${interfaceId} interface`);
  return path;
}

/** The submissions, in story order (status changes are later versions of the same document). */
async function submitAll(
  ingestUrl: string,
  ingest: OpenApiDocument,
  partnerKey: string,
  submissions: readonly DemoSubmission[],
): Promise<void> {
  for (const entry of submissions) {
    const path = submitPathOf(ingest, entry.interface);
    const answer = await call(`${ingestUrl}${path}`, partnerKey, 'POST', entry.document);
    if (answer.status !== 200)
      throw new Error(
        `${entry.interface} (${entry.enterprise}, ${entry.note}) answered ${answer.status}: ${JSON.stringify(answer.body)}`,
      );
  }
}

/**
 * The projections have applied everything when each enterprise's purchases and sales show as
 * their last versions say, the link-node chain of the example answers and the double
 * financing's alert is listed.
 */
async function awaitProjections(
  options: DemoOptions,
  lenderKey: string,
  enterprises: readonly string[],
  submissions: readonly DemoSubmission[],
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  const ask = (path: string, body?: unknown) =>
    call(`${options.queryApiUrl}${path}`, lenderKey, body === undefined ? 'GET' : 'POST', body);
  for (const enterprise of enterprises) {
    const received = lastPurchaseStatuses(submissions, enterprise);
    await until(`the purchase orders of ${enterprise}`, deadline, async () => {
      // 100: the page size the query answers by default (§9).
      const rows = await everyPage(queryExamples.purchaseOrders.pageSize ?? 100, (page) =>
        ask('/open/info/enterprise/purchase-orders', {
          ...queryExamples.purchaseOrders,
          enterpriseId: enterprise,
          page,
        }),
      );
      return purchasesShown({ dataList: rows }, received) ? true : undefined;
    });
    await until(`the sales to business of ${enterprise}`, deadline, async () => {
      const answer = await ask('/open/info/enterprise/sales-to-business', {
        ...queryExamples.salesToBusiness,
        enterpriseId: enterprise,
        orderNo: undefined,
      });
      return salesShown(answer.body) ? true : undefined;
    });
  }
  await until('the link-node chain of the example', deadline, async () => {
    const answer = await ask('/open/info/link/node', queryExamples.linkNode);
    return answer.status === 200 && linkNodeChainShown(answer.body) ? true : undefined;
  });
  await until('the reused-collateral alert', deadline, async () => {
    const answer = await ask('/open/info/collateral/alerts');
    return ((answer.body.alerts ?? []) as unknown[]).length > 0 ? true : undefined;
  });
  await until('the release alert and the low-coverage financing in the portfolio', deadline, async () => {
    const answer = await ask('/open/portfolio');
    const alerts = portfolioAlertsOf(answer.body);
    return alerts.released.length > 0 && alerts.low.length > 0 ? true : undefined;
  });
}

/** Every purchase order sent is shown, received (`RECEIVED`) exactly when its last status says `20`. */
export function purchasesShown(
  body: Record<string, unknown>,
  received: ReadonlyMap<unknown, unknown>,
): boolean {
  // By order number, not by count: the stack may hold other purchases of the demo's enterprises
  // (a developer's own, an earlier data set), and those must not keep the demo waiting.
  const shown = new Map(
    ((body.dataList ?? []) as { entOrderNo?: unknown; orderState?: string }[]).map((order) => [
      order.entOrderNo,
      order.orderState,
    ]),
  );
  return [...received].every(
    ([orderNo, status]) => shown.has(orderNo) && (shown.get(orderNo) === 'RECEIVED') === (status === '20'),
  );
}

/** The rows of every page of a paged query, read until a short page (at most 20 pages). */
async function everyPage(
  pageSize: number,
  ask: (page: number) => Promise<{ body: Record<string, unknown> }>,
): Promise<unknown[]> {
  const rows: unknown[] = [];
  for (let page = 1; page <= 20; page++) {
    const found = ((await ask(page)).body.dataList ?? []) as unknown[];
    rows.push(...found);
    if (found.length < pageSize) break;
  }
  return rows;
}

/** A sale to business shipped or cancelled: the later versions have been applied. */
export function salesShown(body: Record<string, unknown>): boolean {
  const orders = (body.dataList ?? []) as { orderState?: string }[];
  return orders.some((order) => order.orderState === 'SHIPPED' || order.orderState === 'CANCELLED');
}

/** Every block of the example's link-node chain holds something. */
export function linkNodeChainShown(body: Record<string, unknown>): boolean {
  const blocks = ['arrivalInfo', 'intoDeclareInfo', 'intoStorageInfo', 'purchaseInfo'];
  return blocks.every((block) => Array.isArray(body[block]) && (body[block] as unknown[]).length > 0);
}

interface CollectionIds {
  liveVersion?: number;
  deliveryId?: string;
  deadLetterId?: string;
}

/** Ids the collection's requests use. */
async function collectionIds(
  queryApiUrl: string,
  keys: DemoKeys,
  demoSubscriptionId: string,
): Promise<CollectionIds> {
  const versions = await call(`${queryApiUrl}/ops/rebuild/order-status`, keys.operatorKey);
  const live = ((versions.body.versions ?? []) as { version: number; state: string }[]).find(
    (version) => version.state === 'live',
  );
  const deliveries = await call(
    `${queryApiUrl}/subscriptions/${demoSubscriptionId}/deliveries`,
    keys.lenderKey,
  );
  const deliveryId = ((deliveries.body.dataList ?? []) as { id: string }[])[0]?.id;
  const letters = await call(`${queryApiUrl}/ops/dead-letters?state=open&limit=1`, keys.operatorKey);
  const deadLetterId = ((letters.body.dataList ?? []) as { id: string }[])[0]?.id;
  return { liveVersion: live?.version, deliveryId, deadLetterId };
}

/** The collection's variables: addresses, keys and the ids found. */
export function collectionVariables(
  options: Pick<DemoOptions, 'ingestUrl' | 'queryApiUrl' | 'callbackUrl'>,
  keys: DemoKeys,
  found: CollectionIds & { demoSubscriptionId: string; visitorPassword: string },
): Record<string, string> {
  const { deliveryId, deadLetterId } = found;
  return {
    ingestUrl: options.ingestUrl,
    queryApiUrl: options.queryApiUrl,
    ...keys,
    callbackUrl: options.callbackUrl,
    demoSubscriptionId: found.demoSubscriptionId,
    visitorPassword: found.visitorPassword,
    subscriptionId: '',
    liveVersion: String(found.liveVersion ?? 1),
    ...(deliveryId ? { deliveryId } : {}),
    ...(deadLetterId ? { deadLetterId } : {}),
  };
}

/** The Postman collection over both services' documents, with the plans the ids found allow. */
function demoCollection(
  documents: ServiceDocuments,
  variables: Record<string, string>,
  ids: CollectionIds,
): PostmanCollection {
  return buildCollection({
    documents,
    plans: demoPlans({
      hasDelivery: ids.deliveryId !== undefined,
      hasDeadLetter: ids.deadLetterId !== undefined,
    }),
    variables,
    description: [
      'One request per interface of the Tradelog services, against the demo data of `npm run demo`',
      `(${demoEnterprises.map((enterprise) => enterprise.name).join('、')}).`,
      'Keys and ids are collection variables; run the folder in order (some requests use ids captured by earlier ones).',
    ].join(' '),
  });
}

/**
 * A registered portal visitor for the collection's login and the operators' role requests:
 * registration needs the code texted to a phone, which the demo cannot read, so the demo stores
 * the sample visitor itself, marked as such, with a fresh random password each run (a collection
 * variable, like the keys; hashed as the portal hashes passwords).
 */
async function ensureDemoVisitor(databaseUrl: string): Promise<string> {
  const password = demoVisitorPassword();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await pool.query(
      `INSERT INTO portal_accounts (phone, name, company_name, email, position, requested_role, password_hash, registered_at)
       VALUES ($1, '演示访客 (sample)', 'Demo visitor company (sample)', 'visitor@example.com', 'sample', '150', $2, now())
       ON CONFLICT (phone) DO UPDATE SET password_hash = EXCLUDED.password_hash`,
      [demoVisitorPhone, await hashPassword(password)],
    );
    return password;
  } finally {
    await pool.end();
  }
}

/** Each purchase order of the enterprise the demo sent, by number, with the status of its last version. */
function lastPurchaseStatuses(
  submissions: readonly DemoSubmission[],
  enterprise: string,
): Map<unknown, unknown> {
  const last = new Map<unknown, unknown>();
  for (const entry of submissions)
    if (entry.interface === 'purchase' && entry.enterprise === enterprise)
      last.set(entry.document.entOrderNo, entry.document.orderStatus);
  return last;
}

/**
 * The portfolio's open release alerts and low-coverage financings (as `customerCode/financingOrderNo`),
 * what the demo shows (dataset.ts `releaseAlert`).
 */
export function portfolioAlertsOf(body: Record<string, unknown>) {
  const rows = (body.dataList ?? []) as {
    customerCode: string;
    financingOrderNo: string;
    alerts?: { kind: string; document?: { documentType?: string | null } }[];
  }[];
  const having = (kind: string) =>
    rows.flatMap((row) =>
      (row.alerts ?? [])
        .filter((alert) => alert.kind === kind)
        .map(() => `${row.customerCode}/${row.financingOrderNo}`),
    );
  return { released: having('collateral.released'), low: having('coverage.low') };
}
