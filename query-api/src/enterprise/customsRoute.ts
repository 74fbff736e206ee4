import { ownerDeclarationsAsOf } from '@tradelog/processors/enterprise-data/asOf';
import { listDeclarations } from '@tradelog/projections/enterprise-data/queries';
import type { Router } from 'express';
import { asOfNotAnswered } from '../reads/asOf.ts';
import { assertEnterprise, callerOf } from '../reads/auth.ts';
import { pageOf, validateQuery } from '../reads/requests.ts';
import { handle, pageScopeOfRequest } from '../reads/respond.ts';
import { declarationOut } from './declarationAnswer.ts';
import { type EnterpriseReads, liveOnly } from './enterpriseReads.ts';
import { sendPagedRead } from './pagedRead.ts';
import { enterprisePaths } from './paths.ts';

/** The customs declaration query (query spec §3); as of a moment only for the owner's declarations. */
export function addCustomsRoute(router: Router, reads: EnterpriseReads): void {
  const { pool } = reads;
  router.post(
    enterprisePaths.customs,
    handle(async (req, res) => {
      const request = validateQuery('customsDeclarations', req.body);
      assertEnterprise(callerOf(res), request.enterpriseId);
      const page = pageOf(request, pageScopeOfRequest(req));
      const filter = {
        enterprise: request.enterpriseId,
        dataSource: request.dataSource,
        startDate: request.starDate,
        endDate: request.endDate,
        limit: page.limit,
        offset: page.offset,
      };
      await sendPagedRead(req, res, pool, {
        projection: 'enterprise-data',
        page,
        live: (s, db, bounded) =>
          listDeclarations(db, s, { ...filter, enterpriseType: request.enterpriseType, ...bounded }),
        replayed: async (asOf) => {
          if (request.enterpriseType !== '10')
            throw asOfNotAnswered('customsDeclarations', liveOnly.declaringFirm);
          const replayed = await reads.dataAsOf(
            request.enterpriseId,
            [request.dataSource === '10' ? 'check' : 'clearance'],
            asOf,
          );
          return { ...replayed, result: ownerDeclarationsAsOf(replayed.data, filter) };
        },
        total: (result) => result.total,
        rows: (result) => ({ dataList: result.rows.map(declarationOut) }),
      });
    }),
  );
}
