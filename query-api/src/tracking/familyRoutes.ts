import { airSubject } from '@tradelog/projections/push/families';
import { airData } from '@tradelog/projections/tracking/answers';
import { languageOf } from '@tradelog/schemas/kit/runtime/envelope';
import type { Request, Response, Router } from 'express';
import { answerAs } from '../http/answers.ts';
import { sendSuccess } from '../reads/respond.ts';
import { type OceanParams, oceanAnswer, terminalAnswer } from './trackedReads.ts';
import type { TrackingContext } from './trackingContext.ts';
import { trackingQueryPaths } from './trackingPaths.ts';

/** Ocean, terminal and air tracking without a callback (query spec §3, §5, §9). */
export function addFamilyRoutes(router: Router, ctx: TrackingContext): void {
  const { pool, now, anyKey, defaultLimit, find, validated } = ctx;
  // Ocean (§3, §5, §9): containerNo takes priority; carrierCode may be AUTO; the port areas' rules.
  router.post(trackingQueryPaths.oceanTracking, anyKey, defaultLimit, async (req: Request, res: Response) => {
    const body = validated('oceanTracking', req.body);
    const result = await oceanAnswer(pool, body.params as OceanParams, now(), ctx.providerWindowMs);
    sendSuccess(res, { data: { params: body.params, result } });
  });

  // Terminal (§3): a business number at a port, import or export.
  router.post(
    trackingQueryPaths.terminalTracking,
    anyKey,
    defaultLimit,
    async (req: Request, res: Response) => {
      const body = validated('terminalTracking', req.body);
      const params = body.params as { businessNumber: string; portCode: string; ieid: string };
      const result = await terminalAnswer(pool, params);
      const lang = languageOf(req.get('accept-language'));
      res.status(200).json({
        flag: 'success',
        code: '200',
        message: result ? (lang === 'en' ? 'success' : '成功') : lang === 'en' ? 'no data yet' : '暂无数据',
        data: { params: body.params, result },
      });
    },
  );

  // Air (§3 "Air tracking"; path ours): statusCode 20000 data, 20001 none; failures answerAs('statusCode').
  router.post(
    trackingQueryPaths.airTracking,
    answerAs('statusCode'),
    anyKey,
    defaultLimit,
    async (req: Request, res: Response) => {
      const { businessNumber } = validated('airTracking', req.body) as { businessNumber: string };
      const item = await find(airSubject({ businessNumber }));
      const lang = languageOf(req.get('accept-language'));
      res
        .status(200)
        .json(
          item
            ? { statusCode: 20000, message: lang === 'en' ? 'success' : '成功', data: [airData(item)] }
            : { statusCode: 20001, message: lang === 'en' ? 'no data yet' : '暂无数据', data: [] },
        );
    },
  );
}
