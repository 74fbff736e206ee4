import { webhooks } from '@tradelog/schemas/openapi/webhooks';
import type { PushFamily } from './families.ts';

/**
 * A subscription's test push (query-api README "Subscriber tools"): the documented example of its
 * family (schemas/src/openapi/webhooks.ts — what the OpenAPI document and the docs centre show),
 * sent as it is, so a receiver sees the body shape its real pushes have but never mistakes it for
 * news about its own parcels, bills or orders: the identifiers are the example's, and the subject
 * (`tradelog-subject` header; `subject` of a `changes` body) is `test`. The delivery worker signs
 * and sends it like any other delivery. Pure: the event id is passed in.
 */
export const testSubject = 'test';
export const testEventKind = 'test.example';

export interface TestPush {
  eventId: string;
  eventKind: typeof testEventKind;
  subject: typeof testSubject;
  payload: Record<string, unknown>;
}

export function testPush(family: PushFamily, eventId: string): TestPush {
  const webhook = webhooks.find((entry) => entry.families.includes(family));
  if (!webhook) throw new Error(`no documented push example for ${family}`);
  const example = structuredClone(webhook.example) as Record<string, unknown>;
  // A changes body names its event (the webhook-id) and subject; its `sequence` is the insert's.
  const payload = family === 'changes' ? { ...example, eventId, subject: testSubject } : example;
  return { eventId, eventKind: testEventKind, subject: testSubject, payload };
}
