import { describe, expect, it } from 'vitest';
import { ingestOpenApi } from '../../ingest/src/openapi.ts';
import { queryApiOpenApi } from '../../query-api/src/openapi.ts';
import { buildCollection, pick } from './collection.ts';
import { demoPlans } from './plans.ts';

describe('demo Postman collection', () => {
  const documents = {
    ingest: ingestOpenApi([{ id: 'pod', path: '/api/v2/doc/pod/accept' }], 1024),
    queryApi: queryApiOpenApi({ product: 'tradelog' }),
  };
  const collection = buildCollection({
    documents,
    plans: demoPlans({ hasDelivery: true, hasDeadLetter: false }),
    variables: { ingestUrl: 'http://i', queryApiUrl: 'http://q', lenderKey: 'k' },
    description: 'test',
  });
  const items = collection.item.flatMap((folder) => folder.item);

  it('is Postman v2.1 with one request per OpenAPI operation and the keys as variables', () => {
    expect(collection.info.schema).toBe(
      'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    );
    const operations = Object.values(documents).flatMap((document) =>
      Object.values(document.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId)),
    );
    expect(items.map((item) => item['x-tradelog'].operationId).sort()).toEqual([...operations].sort());
    expect(collection.variable).toContainEqual({ key: 'lenderKey', value: 'k', type: 'string' });
  });

  it('sends each example with the key its audience needs and tests the expected status', () => {
    const linkNode = items.find((item) => item['x-tradelog'].operationId === 'query_linkNode')!;
    expect(linkNode.request.header).toContainEqual({ key: 'Authorization', value: 'Bearer {{lenderKey}}' });
    const linkBody = linkNode.request.body;
    expect(linkBody?.mode === 'raw' && JSON.parse(linkBody.raw)).toMatchObject({ documentsType: '20' });
    expect(linkNode.event[0]!.script.exec[0]).toContain('oneOf([200])');
    const pod = items.find((item) => item['x-tradelog'].operationId === 'submit_pod')!;
    expect(pod.request.header).toContainEqual({ key: 'Authorization', value: 'Bearer {{partnerKey}}' });
    expect(pod.request.url.raw).toBe('{{ingestUrl}}/api/v2/doc/pod/accept');
    const home = items.find((item) => item['x-tradelog'].operationId === 'portal_home')!;
    expect(home.request.header.map((header) => header.key)).not.toContain('Authorization');
  });

  it('captures the subscription it creates, uses it after, and deletes it last', () => {
    const ids = items.map((item) => item['x-tradelog'].operationId);
    const subscribe = items.find((item) => item['x-tradelog'].operationId === 'subscribe_changes')!;
    expect(subscribe['x-tradelog'].capture).toEqual({ subscriptionId: 'subscription.id' });
    expect(ids.indexOf('subscribe_changes')).toBeLessThan(ids.indexOf('pause_subscription'));
    expect(ids.at(-1)).toBe('delete_subscription');
    const pause = items.find((item) => item['x-tradelog'].operationId === 'pause_subscription')!;
    expect(pause.request.url.raw).toBe('{{queryApiUrl}}/subscriptions/{{subscriptionId}}/pause');
    const retry = items.find((item) => item['x-tradelog'].operationId === 'retry_dead_letter')!;
    expect(retry['x-tradelog'].expect).toEqual([404]);
    expect(retry.request.description).toContain('no dead letter');
    expect(pick({ dataList: [{ id: 'x' }] }, 'dataList.0.id')).toBe('x');
  });

  it('captures every variable a request uses before that request runs', () => {
    // The variables load.ts gives every collection (keys, urls, ids of the demo's own data).
    const given = new Set([
      ...['ingestUrl', 'queryApiUrl', 'partnerKey', 'lenderKey', 'operatorKey', 'callbackUrl'],
      ...[
        'demoSubscriptionId',
        'visitorPassword',
        'subscriptionId',
        'liveVersion',
        'deliveryId',
        'deadLetterId',
      ],
    ]);
    const unmet: string[] = [];
    for (const item of items) {
      const text = JSON.stringify(item.request);
      for (const [, name] of text.matchAll(/\{\{(\$?\w+)\}\}/g))
        if (name !== '$guid' && !given.has(name!))
          unmet.push(`${item['x-tradelog'].operationId} {{${name}}}`);
      for (const variable of Object.keys(item['x-tradelog'].capture ?? {})) given.add(variable);
    }
    expect(unmet).toEqual([]);
  });
});
