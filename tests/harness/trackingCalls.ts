import type { DocumentTypeId } from '@tradelog/schemas/documents/catalogue';
import { expect } from 'vitest';
import { waitFor } from './index.ts';
import type { FedPushPipeline } from './pushPipeline.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field by the suites
type Json = any;

/**
 * What a tracking suite does over a push pipeline with a carrier (feeds through ingest) and a
 * subscriber (queries and subscriptions through query-api): the three calls every such suite
 * makes, written once. The pipeline is asked for at each call: a suite starts it in `beforeAll`.
 */
export function trackingCalls(pipelineOf: () => FedPushPipeline<'carrier' | 'subscriber'>) {
  /** A query-api call as the subscriber: its status and JSON body. */
  const call = async (path: string, body: unknown, method = 'POST') => {
    const pipeline = pipelineOf();
    const response = await fetch(`${pipeline.queryUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${pipeline.keys.subscriber}` },
      ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  /** A feed document through ingest as the carrier, acknowledged. */
  const feed = async (type: DocumentTypeId, document: unknown) => {
    const pipeline = pipelineOf();
    const intf = pipeline.ingest.interfaces.find((candidate) => candidate.id === type)!;
    const response = await fetch(`${pipeline.ingest.url}${intf.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${pipeline.keys.carrier}` },
      body: JSON.stringify(document),
    });
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
  };

  /** Everything fed so far has been matched, and every delivery of these subscriptions settled. */
  const waitForQuiet = async (subscriptionIds: string[]) => {
    await pipelineOf().waitForChangesMatched(['tracking']);
    for (const id of subscriptionIds) {
      await waitFor(
        async () => {
          const { body } = await call(`/subscriptions/${id}/deliveries`, undefined, 'GET');
          return body.dataList.every((d: Json) => d.state === 'delivered' || d.state === 'superseded');
        },
        { what: 'every delivery settled' },
      );
    }
  };

  return { call, feed, waitForQuiet };
}
