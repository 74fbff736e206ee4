import { queryTypes } from '@tradelog/schemas/queries/catalogue';
import { examples } from '@tradelog/schemas/queries/examples';
import type { RequestPlan } from './collection.ts';
import { demoEnterprises, demoVisitorPhone, doubleFinancing } from './dataset.ts';

/**
 * How each request of the demo collection meets the demo data (README "Demo data and the Postman collection"): which
 * ids fill its path, which body replaces the example, and — where the demo state makes the
 * example's success impossible — what it answers instead and why. Operations not listed send
 * their OpenAPI example as it is and expect its success status.
 */
export interface DemoState {
  /** A delivery of the demo's own change subscription exists (the push processor runs). */
  hasDelivery: boolean;
  /** An open dead letter exists. */
  hasDeadLetter: boolean;
}

const subscription = { id: '{{subscriptionId}}' };
const demoSubscription = { id: '{{demoSubscriptionId}}' };

export function demoPlans(state: DemoState): Record<string, RequestPlan> {
  const callback = (example: object) => ({ ...example, callbackUrl: '{{callbackUrl}}' });
  return {
    // The collection's own subscription: created, read, paused, resumed and, last, deleted. Its
    // sources are narrower than the demo's own (load.ts `subscribeDemo`), so it is another one:
    // the same key asking for that one again would be answered with it (query-api README
    // "Subscribing twice"), and the collection would pause, rotate and delete the demo's.
    subscribe_changes: {
      body: {
        enterprise: demoEnterprises[0]!.code,
        projections: ['order-status'],
        callbackUrl: '{{callbackUrl}}',
      },
      capture: { subscriptionId: 'subscription.id' },
    },
    get_subscription: { path: subscription },
    pause_subscription: { path: subscription },
    resume_subscription: { path: subscription },
    delete_subscription: { path: subscription, last: true },
    // Subscriber tools (query-api README "Subscriber tools") on the collection's own subscription.
    update_subscription: { path: subscription, body: { callbackUrl: '{{callbackUrl}}', state: 'active' } },
    test_push: {
      path: subscription,
      expect: [200, 202],
      why: '202 when the push service has not made the attempt within 15 s (processors not running)',
    },
    rotate_secret: { path: subscription, body: { overlapMinutes: 60 } },
    subscription_stats: { path: subscription },
    // Partner tools: the demo partner's submissions, the newest looked up.
    list_documents: { capture: { documentId: 'dataList.0.documentId' } },
    // Its place in the log, which the operator's record browser then reads (browse_records).
    get_document: {
      path: { documentId: '{{documentId}}' },
      capture: {
        recordTopic: 'document.topic',
        recordPartition: 'document.partition',
        recordOffset: 'document.offset',
      },
    },
    // The demo's subscription, made before the documents were sent, has deliveries.
    list_deliveries: {
      path: demoSubscription,
      capture: state.hasDelivery ? { deliveryId: 'dataList.0.id' } : {},
    },
    list_attempts: state.hasDelivery
      ? { path: { ...demoSubscription, deliveryId: '{{deliveryId}}' } }
      : {
          path: { ...demoSubscription, deliveryId: '00000000-0000-4000-8000-000000000000' },
          expect: [404],
          why: 'no delivery yet: the push processor was not running when the demo loaded',
        },
    redeliver: { path: demoSubscription, body: { states: ['dead'] } },
    // The demo's subscription follows enterprise changes, not a tracked item: `item` is null.
    tracked_item: { path: demoSubscription },
    // Subscriptions of the query catalogue push to the demo's callback (a catalogue interface
    // added later is covered too); ocean and terminal tracking subscribe rather than query.
    ...Object.fromEntries(
      queryTypes
        .filter((type) => type.kind !== 'query')
        .map((type) => [type.id, (examples as Readonly<Record<string, object>>)[type.id]] as const)
        .filter(
          ([id, example]) =>
            example !== undefined &&
            ('callbackUrl' in example || id === 'oceanTracking' || id === 'terminalTracking'),
        )
        .map(([id, example]) => [`query_${id}`, { body: callback(example!) }]),
    ),
    // The exposure of the demo's second financing, whose warehouse receipt a running financing
    // already holds (dataset.ts `doubleFinancing`): the example's financing is repaid.
    query_collateralExposure: {
      body: {
        customerCode: doubleFinancing.enterprise.code,
        documentsType: '10',
        documentsNo: doubleFinancing.financingOrderNo,
      },
    },
    // Operators: a rebuild of order-status is requested (or one is already under way).
    request_rebuild: {
      path: { projection: 'order-status' },
      expect: [202, 409],
      why: 'answers 409 while an earlier rebuild request is still pending or building',
    },
    push_start_on_new_log: {
      expect: [409],
      why: 'the demo log was never replaced, so push has nothing to start over: shows the refusal',
    },
    drop_version: {
      path: { projection: 'order-status', version: '{{liveVersion}}' },
      expect: [409],
      why: 'the live version cannot be dropped (only retired or failed ones can): shows the refusal',
    },
    portal_sms_code: {
      expect: [200, 429],
      why: 'a second code for the same phone within the resend interval answers 429 (portal spec §4)',
    },
    portal_origin_sms_code: {
      expect: [200, 429],
      why: 'the join page’s code shares the phone’s resend interval with sms.do, asked just before: 429 (portal spec §4)',
    },
    portal_leave_message: {
      expect: [401],
      why: 'a message is left by a logged-in visitor; the collection holds no portal session: shows the refusal',
    },
    // Registration needs the code texted to the phone by sms_code, which a collection cannot read.
    portal_register: {
      expect: [400],
      why: 'registration needs the code texted to the phone; the example shows the refusal',
    },
    // The demo's sample visitor (load.ts) logs in with its password.
    portal_login: { body: { phone: demoVisitorPhone, password: '{{visitorPassword}}' } },
    // A hand-over token comes from the management platform's own login, which the demo has not.
    portal_handover: {
      expect: [401],
      why: 'a hand-over token comes from the management platform; the example’s is not one: shows the refusal',
    },
    // The demo's sample visitor (load.ts) asked for a role: granted, then withdrawn.
    grant_portal_role: { path: { phone: demoVisitorPhone } },
    withdraw_portal_role: { path: { phone: demoVisitorPhone } },
    // Operator tools: the partner's newest submission decoded where it stands in the log; an
    // account of the collection's own, granted, withdrawn, given a second key that is revoked.
    browse_records: {
      query: {
        topic: '{{recordTopic}}',
        partition: '{{recordPartition}}',
        offset: '{{recordOffset}}',
        limit: '1',
      },
    },
    // An account of its own each run (a second run of the collection would find the example's).
    create_account: {
      body: {
        kind: 'lender',
        name: 'Demo Bank',
        code: 'demo-bank-{{$guid}}',
        enterprises: [demoEnterprises[0]!.code],
      },
      capture: { createdAccount: 'account.code' },
    },
    grant_account: { path: { account: '{{createdAccount}}' } },
    withdraw_account: { path: { account: '{{createdAccount}}' } },
    add_account_key: {
      path: { account: '{{createdAccount}}' },
      capture: { addedKeyId: 'account.keys.0.id' },
    },
    revoke_key: { path: { id: '{{addedKeyId}}' } },
    view_dead_letter: state.hasDeadLetter
      ? { path: { id: '{{deadLetterId}}' } }
      : { path: { id: '0' }, expect: [404], why: 'the demo data leaves no dead letter to view' },
    retry_dead_letter: state.hasDeadLetter
      ? { path: { id: '{{deadLetterId}}' } }
      : { path: { id: '0' }, expect: [404], why: 'the demo data leaves no dead letter to retry' },
  };
}
