import { queryOperations } from '@tradelog/schemas/openapi/catalogues';
import { type OpenApiDocument, openApiDocument } from '@tradelog/schemas/openapi/document';
import { serviceOperations } from '@tradelog/schemas/openapi/serviceOperations';
import { openApiWebhooks } from '@tradelog/schemas/openapi/webhooks';
import { collateralOperations } from './collateral/openapi.ts';
import { portalOperations, portalOperatorOperations } from './content/openapi.ts';
import { documentOperations } from './documents/openapi.ts';
import { unattributedOperations } from './enterprise/openapi.ts';
import { lenderOperations } from './lenders/openapi.ts';
import { operatorConsoleOperations, rebuildAndDeadLetterOperations } from './operations/openapi.ts';
import { subscriberToolOperations, subscriptionOperations } from './subscriptions/openapi.ts';
import { trackingOperations } from './tracking/openapi.ts';

/**
 * query-api's OpenAPI 3.1 document: the query and subscription interfaces generated from the
 * query catalogue, plus the routes that are query-api's own, each declared in an `openapi.ts`
 * beside the router that serves it (shared builders in http/openapiOperations.ts).
 * `openapi.unit.test.ts` walks the app's router stack and fails on a route missing from this
 * document, or an entry without a route.
 *
 * The sets are listed in the order the document has always listed its paths and operations, so
 * that `/openapi.json` stays the same for clients that compare it; a new set goes at the end of
 * its group.
 */
export function queryApiOpenApi(options: { product: string }): OpenApiDocument {
  return openApiDocument(
    {
      title: 'Tradelog query API',
      version: '2.0.0',
      description: [
        'Lender queries over the projections, tracking and change subscriptions, subscription management, operator endpoints',
        "and the portal's content calls (query spec; portal spec §7). Answers are the envelope `{flag, code, message, …}`",
        '(the portal calls: `{result, msg, data}`; express subscriptions: `{success, …}` as the spec shows). Authenticate with',
        '`Authorization: Bearer <key>` (or `X-Api-Key`): lender keys read the enterprises they are granted; operator keys read',
        'everything and run `/ops`. Request bodies are JSON up to 64 KiB. English messages with `Accept-Language: en`.',
        'The pushes a subscription receives are under `webhooks`: each family’s body, its signed headers and the reply contract.',
        '',
        '放款方查询、订阅与运营接口。使用 API 密钥（Authorization: Bearer）。',
      ].join('\n'),
      tags: [
        { name: 'queries', description: 'Link node and enterprise data (数字服务输出)' },
        { name: 'subscriptions', description: 'Subscriptions and their deliveries' },
        { name: 'tracking', description: 'Ocean and terminal tracking' },
        { name: 'documents', description: "A partner's own submissions and their state" },
        { name: 'operators', description: 'Rebuilds, versions, dead letters, pipeline' },
        { name: 'portal', description: "The portal's content calls" },
        { name: 'operations', description: 'Health, readiness, metrics and this reference' },
      ],
    },
    [
      ...queryOperations(),
      ...lenderOperations,
      ...collateralOperations,
      ...subscriptionOperations,
      ...trackingOperations,
      ...subscriberToolOperations,
      ...documentOperations,
      ...portalOperatorOperations,
      ...rebuildAndDeadLetterOperations,
      ...unattributedOperations,
      ...operatorConsoleOperations,
      ...portalOperations(options.product),
      ...serviceOperations('query-api'),
    ],
    // The pushes subscribers receive (query spec §3, §8, §9): payloads, headers, reply contract.
    { webhooks: openApiWebhooks },
  );
}
