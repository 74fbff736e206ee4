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

export async function loadDemo(options: DemoOptions): Promise<DemoResult> {
  const log = options.logger.scope({ component: 'demo' });
  const documents = {
    ingest: await openApiOf(options.ingestUrl, 'ingest'),
    queryApi: await openApiOf(options.queryApiUrl, 'query-api'),
  };
  await mkdir(options.outDir, { recursive: true });
  const enterprises = demoEnterprises.map((enterprise) => enterprise.code);
  const keys = await ensureKeyset(options.databaseUrl, join(options.outDir, '.demo-keys.json'), {
    partnerKey: {
      kind: 'partner',
      ownerId: 'demo-partner',
      ownerName: 'Demo logistics partner',
      // The platform's integration partner, granted any enterprise ('*') as the development
      // partner is: the catalogue examples the collection sends also name a customs broker
      // (declareCode) and an e-commerce customs code (electricCode) besides the demo enterprises.
      enterprises: ['*'],
      // It also relays the demo's feeds (tracking, reference and enterprise data).
      feeds: feedFamilies,
    },
    lenderKey: { kind: 'lender', ownerId: 'demo-lender', ownerName: 'Demo lender', enterprises },
    operatorKey: { kind: 'operator', ownerId: 'demo-operator', ownerName: 'Demo operator', enterprises: [] },
  });
  log.info('demo keys ready', { enterprises });
  const visitorPassword = await ensureDemoVisitor(options.databaseUrl);

  // Subscribed before the documents go in, so that their changes are pushed to it.
  const subscribed = await call(`${options.queryApiUrl}/subscriptions/changes`, keys.lenderKey, 'POST', {
    enterprise: enterprises[0],
    callbackUrl: options.callbackUrl,
  });
  const demoSubscriptionId = (subscribed.body.subscription as { id?: string } | undefined)?.id;
  if (subscribed.status !== 200 || !demoSubscriptionId)
    throw new Error(`subscribing to changes failed: ${subscribed.status} ${JSON.stringify(subscribed.body)}`);
  // And to the release and low-coverage alerts of the enterprise whose receipt is released
  // (dataset.ts `releaseAlert`): kinds pushed only to subscriptions that name them.
  const alertsSubscribed = await call(
    `${options.queryApiUrl}/subscriptions/changes`,
    keys.lenderKey,
    'POST',
    {
      enterprise: releaseAlert.enterprise.code,
      projections: ['collateral'],
      kinds: ['collateral.released', 'coverage.low'],
      callbackUrl: options.callbackUrl,
    },
  );
  if (alertsSubscribed.status !== 200)
    throw new Error(
      `subscribing to alerts failed: ${alertsSubscribed.status} ${JSON.stringify(alertsSubscribed.body)}`,
    );

  // The submissions, in story order (status changes are later versions of the same document).
  const submissions = demoSubmissions();
  for (const entry of submissions) {
    const path = Object.entries(documents.ingest.paths).find(
      ([, methods]) => methods.post?.operationId === `submit_${entry.interface}`,
    )?.[0];
    if (!path) throw new Error(`ingest serves no ${entry.interface} interface`);
    const answer = await call(`${options.ingestUrl}${path}`, keys.partnerKey, 'POST', entry.document);
    if (answer.status !== 200)
      throw new Error(
        `${entry.interface} (${entry.enterprise}, ${entry.note}) answered ${answer.status}: ${JSON.stringify(answer.body)}`,
      );
  }
  log.info('demo documents submitted', { documents: submissions.length });

  // The projections have applied everything when each enterprise's purchases and sales show as
  // their last versions say, the link-node chain of the example answers and the double
  // financing's alert is listed.
  const deadline = Date.now() + options.timeoutMs;
  for (const enterprise of enterprises) {
    const received = lastPurchaseStatuses(submissions, enterprise);
    await until(`the purchase orders of ${enterprise}`, deadline, async () => {
      const answer = await call(
        `${options.queryApiUrl}/open/info/enterprise/purchase-orders`,
        keys.lenderKey,
        'POST',
        {
          ...queryExamples.purchaseOrders,
          enterpriseId: enterprise,
        },
      );
      const orders = (answer.body.dataList ?? []) as { orderState?: string }[];
      return orders.length === received.length &&
        orders.filter((order) => order.orderState === 'RECEIVED').length ===
          received.filter((status) => status === '20').length
        ? true
        : undefined;
    });
    await until(`the sales to business of ${enterprise}`, deadline, async () => {
      const answer = await call(
        `${options.queryApiUrl}/open/info/enterprise/sales-to-business`,
        keys.lenderKey,
        'POST',
        {
          ...queryExamples.salesToBusiness,
          enterpriseId: enterprise,
          orderNo: undefined,
        },
      );
      const orders = (answer.body.dataList ?? []) as { orderState?: string }[];
      return orders.some((order) => order.orderState === 'SHIPPED' || order.orderState === 'CANCELLED')
        ? true
        : undefined;
    });
  }
  await until('the link-node chain of the example', deadline, async () => {
    const answer = await call(
      `${options.queryApiUrl}/open/info/link/node`,
      keys.lenderKey,
      'POST',
      queryExamples.linkNode,
    );
    const blocks = ['arrivalInfo', 'intoDeclareInfo', 'intoStorageInfo', 'purchaseInfo'];
    return answer.status === 200 &&
      blocks.every(
        (block) => Array.isArray(answer.body[block]) && (answer.body[block] as unknown[]).length > 0,
      )
      ? true
      : undefined;
  });
  await until('the reused-collateral alert', deadline, async () => {
    const answer = await call(`${options.queryApiUrl}/open/info/collateral/alerts`, keys.lenderKey);
    return ((answer.body.alerts ?? []) as unknown[]).length > 0 ? true : undefined;
  });
  await until('the release alert and the low-coverage financing in the portfolio', deadline, async () => {
    const answer = await call(`${options.queryApiUrl}/open/portfolio`, keys.lenderKey);
    const alerts = portfolioAlertsOf(answer.body);
    return alerts.released.length > 0 && alerts.low.length > 0 ? true : undefined;
  });
  log.info('demo data visible through the query API');

  // Ids the collection's requests use.
  const versions = await call(`${options.queryApiUrl}/ops/rebuild/order-status`, keys.operatorKey);
  const live = ((versions.body.versions ?? []) as { version: number; state: string }[]).find(
    (version) => version.state === 'live',
  );
  const deliveries = await call(
    `${options.queryApiUrl}/subscriptions/${demoSubscriptionId}/deliveries`,
    keys.lenderKey,
  );
  const deliveryId = ((deliveries.body.dataList ?? []) as { id: string }[])[0]?.id;
  const letters = await call(`${options.queryApiUrl}/ops/dead-letters?state=open&limit=1`, keys.operatorKey);
  const deadLetterId = ((letters.body.dataList ?? []) as { id: string }[])[0]?.id;

  const variables: Record<string, string> = {
    ingestUrl: options.ingestUrl,
    queryApiUrl: options.queryApiUrl,
    ...keys,
    callbackUrl: options.callbackUrl,
    demoSubscriptionId,
    visitorPassword,
    subscriptionId: '',
    liveVersion: String(live?.version ?? 1),
    ...(deliveryId ? { deliveryId } : {}),
    ...(deadLetterId ? { deadLetterId } : {}),
  };
  const collection = buildCollection({
    documents,
    plans: demoPlans({ hasDelivery: deliveryId !== undefined, hasDeadLetter: deadLetterId !== undefined }),
    variables,
    description: [
      'One request per interface of the Tradelog services, against the demo data of `npm run demo`',
      `(${demoEnterprises.map((enterprise) => enterprise.name).join('、')}).`,
      'Keys and ids are collection variables; run the folder in order (some requests use ids captured by earlier ones).',
    ].join(' '),
  });
  const collectionFile = join(options.outDir, collectionFileName);
  await writeFile(collectionFile, `${JSON.stringify(collection, null, 2)}\n`, { mode: 0o600 });
  log.info('Postman collection written', { file: collectionFile });
  return { keys, documents, collection, collectionFile, variables, submitted: submissions.length };
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

/** The last status sent for each purchase order of an enterprise. */
function lastPurchaseStatuses(submissions: readonly DemoSubmission[], enterprise: string): unknown[] {
  const last = new Map<unknown, unknown>();
  for (const entry of submissions)
    if (entry.interface === 'purchase' && entry.enterprise === enterprise)
      last.set(entry.document.entOrderNo, entry.document.orderStatus);
  return [...last.values()];
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
