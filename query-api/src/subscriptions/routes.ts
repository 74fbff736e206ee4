import { randomUUID } from 'node:crypto';
import { inTransaction } from '@tradelog/projections';
import {
  type CallbackAllowlist,
  checkCallbackUrl,
  redactCallbackUrl,
} from '@tradelog/projections/push/callbackTarget';
import {
  cancelOpenDeliveries,
  type DeliveryState,
  listAttempts,
  listDeliveries,
  releaseHeldDeliveries,
  requestRedelivery,
} from '@tradelog/projections/push/deliveries';
import {
  type ChangeProjection,
  changeProjections,
  matchKeyOf,
  type PushFamily,
  type SubscriptionCriteria,
} from '@tradelog/projections/push/families';
import {
  findSubscription,
  insertSubscription,
  listSubscriptions,
  newSubscriptionSecret,
  type Subscription,
  setSubscriptionState,
} from '@tradelog/projections/push/subscriptions';
import { TradelogError } from '@tradelog/schemas';
import type { QueryTypeId } from '@tradelog/schemas/queries/catalogue';
import {
  createQueryValidators,
  type ValidationIssue,
  withDefaults,
} from '@tradelog/schemas/queries/validator';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import type pg from 'pg';
import { assertEnterprise, type Caller, callerOf, requireKey } from '../lenders/auth.ts';
import { handle, sendFailure, sendSuccess } from '../lenders/respond.ts';

/**
 * Subscription management (issue 5; query spec §3, §5, §7). The spec's subscription interfaces
 * register tracking subscriptions; lenders subscribe to order-status and link-node-chain changes
 * of enterprises their key may read; every subscriber lists, pauses, resumes and deletes its own
 * subscriptions, lists deliveries and attempts, and asks for redelivery. Operators see all.
 * The push processor (processors/src/push) does the delivering. Paths: query-api/README.md.
 */
export interface SubscriptionRoutesOptions {
  pool: pg.Pool;
  /** Host names and CIDRs exempt from the callback-target guard (development and tests only). */
  callbackAllowlist: CallbackAllowlist;
  now?: () => Date;
  newId?: () => string;
}

const localized = (
  code: string,
  status: number,
  en: string,
  cn: string,
  extra: Record<string, unknown> = {},
) => new TradelogError(code, en, { status, details: { message: { en, cn }, ...extra } });

const validationFailed = (issues: readonly ValidationIssue[]) =>
  localized(
    'VALIDATION_FAILED',
    400,
    issues.map((issue) => issue.message.en).join('; '),
    issues.map((issue) => issue.message.cn).join('；'),
    { errors: issues },
  );

const notFound = () => localized('SUBSCRIPTION_NOT_FOUND', 404, 'No such subscription', '订阅不存在');

/** What a subscriber sees of a subscription: never the secret; the callback with its token hidden. */
const shown = (subscription: Subscription) => ({
  id: subscription.id,
  family: subscription.family,
  state: subscription.state,
  callbackUrl: redactCallbackUrl(subscription.callbackUrl),
  criteria: subscription.criteria,
  projections: subscription.family === 'changes' ? subscription.projections : undefined,
  createdAt: subscription.createdAt.toISOString(),
  updatedAt: subscription.updatedAt.toISOString(),
});

const deliveryStates: readonly DeliveryState[] = [
  'held',
  'requested',
  'pending',
  'delivered',
  'dead',
  'superseded',
  'cancelled',
];

function limitOf(req: Request): number {
  const raw = Number(req.query.limit ?? 100);
  return Number.isInteger(raw) && raw >= 1 ? Math.min(raw, 500) : 100;
}

export function createSubscriptionRoutes(options: SubscriptionRoutesOptions): Router {
  const { pool } = options;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const validators = createQueryValidators();
  const router = Router();
  const json = express.json({ limit: '64kb' });
  const anyKey = requireKey(pool, ['partner', 'lender', 'operator']);
  const lenderKey = requireKey(pool, ['lender', 'operator']);

  function validated(id: QueryTypeId, body: unknown): Record<string, unknown> {
    const issues = validators[id](body);
    if (issues.length > 0) throw validationFailed(issues);
    return withDefaults(id, body as Record<string, unknown>);
  }

  async function create(
    caller: Caller,
    family: PushFamily,
    callbackUrl: string,
    criteria: SubscriptionCriteria,
    projections: readonly ChangeProjection[] = [],
  ) {
    const verdict = checkCallbackUrl(callbackUrl, options.callbackAllowlist);
    if (!verdict.ok) {
      throw localized(
        verdict.code,
        400,
        `callbackUrl refused: ${verdict.reason}`,
        `回调地址不可用：${verdict.reason}`,
      );
    }
    const secret = newSubscriptionSecret();
    const subscription = await insertSubscription(pool, {
      id: newId(),
      family,
      ownerKind: caller.kind,
      ownerId: caller.ownerId,
      keyId: caller.keyId,
      callbackUrl,
      criteria: criteria as unknown as Record<string, unknown>,
      matchKey: matchKeyOf(family, criteria),
      projections,
      secret,
      createdAt: now(),
    });
    // The secret is shown here, once; it is never listed again.
    return { subscription: { ...shown(subscription), secret } };
  }

  // Express (query spec §3 "Express", §7): the answer is the express shape, success/reason.
  const express_ = (family: 'express' | 'express-map', id: QueryTypeId) =>
    async function expressSubscription(req: Request, res: Response) {
      try {
        const body = validated(id, req.body);
        const criteria = {
          shipperCode: String(body.shipperCode),
          logisticCode: String(body.logisticCode),
          ...(body.customerName !== undefined ? { customerName: String(body.customerName) } : {}),
          ...(body.sort !== undefined ? { sort: String(body.sort) } : {}),
          ...(body.orderCode !== undefined ? { orderCode: String(body.orderCode) } : {}),
        };
        const created = await create(callerOf(res), family, String(body.callbackUrl), criteria);
        res.status(200).json({
          success: true,
          shipperCode: criteria.shipperCode,
          logisticCode: criteria.logisticCode,
          updateTime: pushTimeOf(now()),
          // Known once the first traces arrive: the pushes carry it (map version only).
          routeMapUrl: '',
          ...created,
        });
      } catch (error) {
        const status = error instanceof TradelogError ? error.status : 500;
        const reason =
          error instanceof TradelogError
            ? ((error.details?.message as { en?: string } | undefined)?.en ?? error.message)
            : 'internal error';
        res.status(status).json({
          success: false,
          reason: reason.slice(0, 50),
          code: error instanceof TradelogError ? error.code : 'INTERNAL',
          ...(error instanceof TradelogError && error.details?.errors
            ? { errors: error.details.errors }
            : {}),
        });
      }
    };

  router.post('/logistics/kdn/track/subscription', json, anyKey, express_('express', 'expressSubscription'));
  router.post(
    '/open/logistics/kdn/track/subscription/route/map',
    json,
    anyKey,
    express_('express-map', 'expressRouteMapSubscription'),
  );

  // Ocean and terminal (§3, §7): with a callbackUrl the request is a subscription; without, it is
  // a tracking query, which is not ours: passed on to whichever router serves tracking queries.
  const withCallback = (req: Request, _res: Response, next: NextFunction) => {
    const body = req.body as { callbackUrl?: unknown } | undefined;
    if (body?.callbackUrl === undefined || body.callbackUrl === '') next('route');
    else next();
  };
  router.post(
    '/open/freightower/trace/ocean',
    json,
    withCallback,
    anyKey,
    handle(async (req, res) => {
      const body = validated('oceanTracking', req.body);
      const params = body.params as Record<string, string | undefined>;
      const criteria = {
        billNo: String(params.billNo),
        ...Object.fromEntries(
          (['containerNo', 'carrierCode', 'portCode', 'isExport'] as const)
            .filter((name) => params[name] !== undefined)
            .map((name) => [name, String(params[name])]),
        ),
      };
      const created = await create(callerOf(res), 'ocean', String(body.callbackUrl), criteria);
      // The first push follows once data is there (§4 "Subscription flow").
      sendSuccess(res, { data: { params: body.params, result: null }, ...created });
    }),
  );
  router.post(
    '/open/freightower/trace/shipment',
    json,
    withCallback,
    anyKey,
    handle(async (req, res) => {
      const body = validated('terminalTracking', req.body);
      const params = body.params as Record<string, string>;
      const criteria = {
        businessNumber: String(params.businessNumber),
        portCode: String(params.portCode),
        ieid: String(params.ieid),
      };
      const created = await create(callerOf(res), 'terminal', String(body.callbackUrl), criteria);
      sendSuccess(res, { data: { params: body.params, result: null }, ...created });
    }),
  );

  // Tradelog's own: a lender's subscription to an enterprise's order-status and link-node changes.
  router.post(
    '/subscriptions/changes',
    json,
    lenderKey,
    handle(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const issues: ValidationIssue[] = [];
      const enterprise = typeof body.enterprise === 'string' ? body.enterprise.trim() : '';
      if (!enterprise || enterprise.length > 20) {
        issues.push({
          path: 'enterprise',
          rule: 'required',
          message: {
            en: 'enterprise is required, at most 20 characters',
            cn: 'enterprise 必填，最多 20 个字符',
          },
        });
      }
      const projections = body.projections ?? [...changeProjections];
      const known = (value: unknown): value is ChangeProjection =>
        typeof value === 'string' && (changeProjections as readonly string[]).includes(value);
      if (!Array.isArray(projections) || projections.length === 0 || !projections.every(known)) {
        issues.push({
          path: 'projections',
          rule: 'enum',
          message: {
            en: `projections must list some of ${changeProjections.join(', ')}`,
            cn: `projections 须为 ${changeProjections.join('、')} 中的若干项`,
          },
        });
      }
      if (typeof body.callbackUrl !== 'string') {
        issues.push({
          path: 'callbackUrl',
          rule: 'required',
          message: { en: 'callbackUrl is required', cn: 'callbackUrl 必填' },
        });
      }
      if (issues.length > 0) throw validationFailed(issues);
      const caller = callerOf(res);
      assertEnterprise(caller, enterprise);
      const chosen = [...new Set(projections as ChangeProjection[])];
      const created = await create(
        caller,
        'changes',
        String(body.callbackUrl),
        { enterprise, projections: chosen },
        chosen,
      );
      sendSuccess(res, created);
    }),
  );

  // Management: the caller's own subscriptions (operators: everyone's).
  const manage = Router();
  manage.use('/subscriptions', json, anyKey);

  async function ownSubscription(req: Request, res: Response): Promise<Subscription> {
    const id = String(req.params.id);
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
    const subscription = await findSubscription(pool, id);
    const caller = callerOf(res);
    const mine =
      subscription !== null &&
      (caller.kind === 'operator' ||
        (subscription.ownerKind === caller.kind && subscription.ownerId === caller.ownerId));
    if (!mine || subscription.state === 'deleted') throw notFound();
    return subscription;
  }

  manage.get(
    '/subscriptions',
    handle(async (req, res) => {
      const caller = callerOf(res);
      const rows = await listSubscriptions(
        pool,
        caller.kind === 'operator' ? null : { kind: caller.kind, id: caller.ownerId },
        limitOf(req),
      );
      sendSuccess(res, { dataList: rows.map(shown) });
    }),
  );
  manage.get(
    '/subscriptions/:id',
    handle(async (req, res) => {
      sendSuccess(res, { subscription: shown(await ownSubscription(req, res)) });
    }),
  );
  manage.post(
    '/subscriptions/:id/pause',
    handle(async (req, res) => {
      const subscription = await ownSubscription(req, res);
      const paused = await setSubscriptionState(pool, subscription.id, 'paused', now());
      sendSuccess(res, { subscription: shown(paused ?? subscription) });
    }),
  );
  manage.post(
    '/subscriptions/:id/resume',
    handle(async (req, res) => {
      const subscription = await ownSubscription(req, res);
      const { resumed, released } = await inTransaction(pool, async (db) => ({
        resumed: await setSubscriptionState(db, subscription.id, 'active', now()),
        // Pushes held while paused go out now, oldest first.
        released: await releaseHeldDeliveries(db, subscription.id, now()),
      }));
      sendSuccess(res, { subscription: shown(resumed ?? subscription), released });
    }),
  );
  manage.delete(
    '/subscriptions/:id',
    handle(async (req, res) => {
      const subscription = await ownSubscription(req, res);
      const cancelled = await inTransaction(pool, async (db) => {
        await setSubscriptionState(db, subscription.id, 'deleted', now());
        return cancelOpenDeliveries(db, subscription.id, now());
      });
      sendSuccess(res, { id: subscription.id, state: 'deleted', cancelledDeliveries: cancelled });
    }),
  );
  manage.get(
    '/subscriptions/:id/deliveries',
    handle(async (req, res) => {
      const subscription = await ownSubscription(req, res);
      const state = typeof req.query.state === 'string' ? req.query.state : undefined;
      if (state !== undefined && !(deliveryStates as readonly string[]).includes(state)) {
        throw localized(
          'VALIDATION_FAILED',
          400,
          `state must be one of ${deliveryStates.join(', ')}`,
          `state 须为 ${deliveryStates.join('、')} 之一`,
        );
      }
      const rows = await listDeliveries(pool, subscription.id, {
        ...(state ? { state: state as DeliveryState } : {}),
        limit: limitOf(req),
      });
      sendSuccess(res, { dataList: rows });
    }),
  );
  manage.get(
    '/subscriptions/:id/deliveries/:deliveryId/attempts',
    handle(async (req, res) => {
      const subscription = await ownSubscription(req, res);
      const deliveryId = String(req.params.deliveryId);
      if (!/^[0-9a-f-]{36}$/i.test(deliveryId)) throw notFound();
      sendSuccess(res, { dataList: await listAttempts(pool, subscription.id, deliveryId) });
    }),
  );
  manage.post(
    '/subscriptions/:id/redeliver',
    handle(async (req, res) => {
      const subscription = await ownSubscription(req, res);
      const body = (req.body ?? {}) as { deliveryIds?: unknown; states?: unknown };
      const ids = body.deliveryIds;
      const states = body.states;
      const idsOk =
        ids === undefined ||
        (Array.isArray(ids) &&
          ids.length <= 1000 &&
          ids.every((id) => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)));
      const statesOk =
        states === undefined ||
        (Array.isArray(states) &&
          states.every((s) => ['delivered', 'dead', 'superseded', 'cancelled'].includes(String(s))));
      if (!idsOk || !statesOk || (ids === undefined && states === undefined)) {
        throw localized(
          'VALIDATION_FAILED',
          400,
          'give deliveryIds (delivery ids) or states (of delivered, dead, superseded, cancelled)',
          '请提供 deliveryIds（投递编号）或 states（delivered、dead、superseded、cancelled）',
        );
      }
      const redelivered = await requestRedelivery(
        pool,
        subscription.id,
        {
          ...(ids ? { ids: ids as string[] } : {}),
          ...(states ? { states: states as DeliveryState[] } : {}),
        },
        now(),
      );
      sendSuccess(res, { redelivered });
    }),
  );
  router.use(manage);
  router.use('/subscriptions', (req: Request, res: Response) =>
    sendFailure(req, res, localized('NOT_FOUND', 404, 'No such interface', '接口不存在')),
  );
  return router;
}

/** `yyyy-MM-dd HH:mm:ss`, platform time (UTC+8), as the express interfaces write times. */
function pushTimeOf(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}
