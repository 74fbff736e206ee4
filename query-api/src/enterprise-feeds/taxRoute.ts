import { localizedError } from '@tradelog/schemas';
import { taxListNames } from '@tradelog/schemas/feeds/enterprise/tax';
import { languageOf } from '@tradelog/schemas/kit/runtime/envelope';
import type pg from 'pg';
import { taxResults } from '../http/answers.ts';
import { assertEnterprise, callerOf } from '../reads/auth.ts';
import { validateQuery } from '../reads/requests.ts';
import { handle, sendAsTable } from '../reads/respond.ts';
import { readFeedRows } from './feedRows.ts';

/**
 * Tax information, answered in the tax convention (§8): failures become `{result, resultmsg}`
 * through the app's error middleware (http/answers.ts, convention `tax`).
 */
export function createTaxRoute(pool: pg.Pool) {
  return handle(async (req, res) => {
    const request = validateQuery('taxInformation', req.body);
    assertEnterprise(callerOf(res), request.nsrsbh);
    const datatype = request.datatype ?? '01';
    const { result, freshness } = await readFeedRows(pool, {
      family: 'tax',
      enterprise: request.nsrsbh,
      scopes: [datatype],
    });
    const report = result[0]?.content;
    if (!report) {
      throw localizedError('TAX_DATA_NOT_FOUND', 404, {
        cn: `暂无纳税人 ${request.nsrsbh} 的涉税数据（datatype ${datatype}）`,
        en: `No tax data for taxpayer ${request.nsrsbh} (datatype ${datatype}) yet`,
      });
    }
    if (String(report.nsrsmc).trim() !== request.nsrsmc.trim()) {
      throw localizedError('TAX_NAME_MISMATCH', 409, {
        cn: `nsrsmc（纳税人名称）与纳税人识别号 ${request.nsrsbh} 登记的名称不符`,
        en: `nsrsmc (Taxpayer name) does not match the name registered for taxpayer ${request.nsrsbh}`,
      });
    }
    const answer = {
      result: taxResults.success,
      resultmsg: languageOf(req.get('accept-language')) === 'en' ? 'success' : '成功',
      orderNum: request.orderNum,
      sendtype: request.sendtype,
      datatype,
      nsrsbh: report.nsrsbh,
      nsrsmc: report.nsrsmc,
      reportTime: report.reportTime,
      ...Object.fromEntries(taxListNames.map((name) => [name, report[name] ?? []])),
      freshness,
    };
    // In the tax convention, yet exportable like every other answer (README "Exports").
    if (sendAsTable(res, () => answer)) return;
    res.status(200).json(answer);
  });
}
