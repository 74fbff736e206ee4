import {
  type FeedRowRecord,
  findRankings,
  latestFeedPeriod,
  listFeedRows,
} from '@tradelog/projections/enterprise-feeds/tables';
import { localizedError } from '@tradelog/schemas';
import { declaredFieldsOf } from '@tradelog/schemas/documents/declared';
import type { JsonSchema } from '@tradelog/schemas/documents/json-schema';
import { monthItem, saleItem, settleItem } from '@tradelog/schemas/feeds/enterprise/ecommerce-sales';
import { taxListNames } from '@tradelog/schemas/feeds/enterprise/tax';
import { languageOf } from '@tradelog/schemas/runtime/envelope';
import { Router } from 'express';
import type pg from 'pg';
import { taxResults } from '../http/answers.ts';
import { asOfNotAnswered, asOfOf } from '../reads/asOf.ts';
import { assertEnterprise, callerOf } from '../reads/auth.ts';
import { queryPath, validateQuery } from '../reads/requests.ts';
import { handle, readLive, sendAsTable, sendSuccess } from '../reads/respond.ts';

/**
 * The enterprise-feed queries (query spec §3, §5, §7) over the enterprise-feeds projection:
 * in-warehouse data, warehouse operating indicators (deprecated), payment account monitor,
 * brand ranking, e-commerce sales to business and to consumer in the `{flag, code, message}`
 * envelope, and tax information in the tax convention (§8: `result` 000000 or an error code,
 * `resultmsg`). Lender keys read the enterprises they list; brand rankings are market data
 * that any lender key reads. Decisions where the spec is silent are in query-api/README.md.
 */
export const enterpriseFeedPaths = {
  inWarehouseData: queryPath('inWarehouseData'),
  warehouseIndicators: queryPath('warehouseIndicators'),
  paymentAccountMonitor: queryPath('paymentAccountMonitor'),
  brandRanking: queryPath('brandRanking'),
  ecommerceSalesToB: queryPath('ecommerceSalesToB'),
  ecommerceSalesToC: queryPath('ecommerceSalesToC'),
  /** Answered in the tax convention (http/answers.ts). */
  taxInformation: queryPath('taxInformation'),
} as const;

type Content = Record<string, unknown>;

const pick = (fields: Content, names: readonly string[]): Content =>
  Object.fromEntries(names.filter((name) => fields[name] !== undefined).map((name) => [name, fields[name]]));

const inWarehouseFields = [
  'countDate',
  'cooperationTime',
  'valueOfTotal',
  'inventoryOfSix',
  'deliveryOfSix',
  'turnoverRate',
  'mainBrand',
  'categoryL1',
  'categoryL2',
  'categoryL3',
  'brandValueRate',
  'deliveryOfThree',
  'deliveryOfPast',
  'deliveryYoY',
  'warehouseId',
  'categoryValueList',
] as const;

const indicatorFields = [
  'warehouseId',
  'snapshotTime',
  'inventoryQty',
  'inventoryAmount',
  'inputNum',
  'inputQty',
  'inputAmount',
  'outputNum',
  'outputQty',
  'outputAmount',
] as const;

const accountFields = [
  'platform',
  'accountName',
  'bankName',
  'bankAccount',
  'changeTime',
  'changeInfo',
] as const;

const rankingFieldOf = { '0': ['sumUpRanking'], '1': ['highEndRanking'], '2': ['popularRanking'] } as const;
const allRankings = ['sumUpRanking', 'highEndRanking', 'popularRanking'] as const;

/** Channel rows (period '') and their period rows, grouped by scope in scope order. */
function channels(rows: readonly FeedRowRecord[]): { channel: Content; periods: Content[] }[] {
  const byScope = new Map<string, { channel: Content; periods: Content[] }>();
  for (const row of rows) {
    const entry = byScope.get(row.scope) ?? { channel: {}, periods: [] };
    if (row.period === '') entry.channel = row.content;
    else entry.periods.push(row.content);
    byScope.set(row.scope, entry);
  }
  return [...byScope.values()];
}

/** One part of each period, cut down to the fields its schema declares (README "What lenders are answered"). */
const parts = (periods: readonly Content[], part: string, schema: JsonSchema): Content[] =>
  periods
    .map((period) => period[part])
    .filter((value): value is Content => typeof value === 'object' && value !== null)
    .map((value) => declaredFieldsOf(schema, value));

const reportedFigures = {
  cn: '企业数据推送的数字为合作方自报，不由单据折叠得出',
  en: "the figures are the partners' own reports (enterprise feeds), not folded from documents",
};

export function createEnterpriseFeedRouter(deps: { pool: pg.Pool }): Router {
  const { pool } = deps;
  const router = Router();
  // The feeds' figures are the partners' own reports, not folded from documents: asked as of a
  // moment, refused rather than answered live (README "As of a moment").
  router.post(Object.values(enterpriseFeedPaths), (req, _res, next) => {
    // Express hands what a middleware throws to the error middleware.
    if (asOfOf(req, Date.now()) !== undefined) throw asOfNotAnswered(req.path, reportedFigures);
    next();
  });

  router.post(
    enterpriseFeedPaths.inWarehouseData,
    handle(async (req, res) => {
      const request = validateQuery('inWarehouseData', req.body);
      assertEnterprise(callerOf(res), request.enterpriseId);
      const { result, freshness } = await readLive(pool, 'enterprise-feeds', (schema, db) =>
        listFeedRows(db, schema, { family: 'inWarehouse', enterprise: request.enterpriseId }),
      );
      // Flat as §3 shows it, so for one warehouse: the one asked, else the latest counted.
      const shown = request.warehouseId
        ? result.find((row) => row.scope === request.warehouseId)
        : result.reduce<FeedRowRecord | undefined>(
            (latest, row) => (latest === undefined || (row.asOf ?? '') > (latest.asOf ?? '') ? row : latest),
            undefined,
          );
      sendSuccess(res, {
        ...Object.fromEntries(inWarehouseFields.map((name) => [name, shown?.content[name] ?? null])),
        warehouseIds: result.map((row) => row.scope),
        freshness,
      });
    }),
  );

  router.post(
    enterpriseFeedPaths.warehouseIndicators,
    handle(async (req, res) => {
      // Deprecated (§3 "moved elsewhere"): still answered as documented, and said so (RFC 9745).
      res.set('Deprecation', 'true');
      const request = validateQuery('warehouseIndicators', req.body);
      assertEnterprise(callerOf(res), request.enterpriseCode);
      const day = request.queryTime.slice(0, 10);
      const { result, freshness } = await readLive(pool, 'enterprise-feeds', (schema, db) =>
        listFeedRows(db, schema, {
          family: 'indicators',
          enterprise: request.enterpriseCode,
          scopes: [request.warehouseId],
          periodTo: `${day} 23:59:59`,
        }),
      );
      const latest = result.at(-1);
      sendSuccess(res, {
        deprecated: true,
        resultsData: latest ? pick(latest.content, indicatorFields) : null,
        freshness,
      });
    }),
  );

  router.post(
    enterpriseFeedPaths.paymentAccountMonitor,
    handle(async (req, res) => {
      const request = validateQuery('paymentAccountMonitor', req.body);
      assertEnterprise(callerOf(res), request.enterpriseId);
      const { result, freshness } = await readLive(pool, 'enterprise-feeds', (schema, db) =>
        listFeedRows(db, schema, {
          family: 'account',
          enterprise: request.enterpriseId,
          ...(request.platform ? { scopePrefix: `${request.platform}/` } : {}),
        }),
      );
      const accountList = [...result]
        .sort((a, b) =>
          a.period === b.period ? a.scope.localeCompare(b.scope) : a.period < b.period ? 1 : -1,
        )
        .map((row) => pick(row.content, accountFields));
      sendSuccess(res, { accountList, freshness });
    }),
  );

  router.post(
    enterpriseFeedPaths.brandRanking,
    handle(async (req, res) => {
      const request = validateQuery('brandRanking', req.body);
      const brands = [...new Set(request.brandRankings.map((item) => item.brand))];
      const { result, freshness } = await readLive(pool, 'enterprise-feeds', async (schema, db) => {
        const period = request.dataMonth ?? (await latestFeedPeriod(db, schema, 'ranking', ''));
        return { period, rows: period ? await findRankings(db, schema, period, brands) : [] };
      });
      const places: readonly string[] =
        request.rankingType === '99' ? allRankings : rankingFieldOf[request.rankingType];
      // All three places of §3 in every row; a type not asked for is null like a place not held.
      const answer = (brand: string, category: string | null, content: Content | undefined) => ({
        brand,
        category,
        ...Object.fromEntries(
          allRankings.map((place) => [place, places.includes(place) ? (content?.[place] ?? null) : null]),
        ),
      });
      const dataList = request.brandRankings.flatMap((asked) => {
        const found = result.rows.filter(
          (row) =>
            row.content.brand === asked.brand &&
            (asked.category === undefined || row.content.category === asked.category),
        );
        // A brand not ranked in the period is answered with empty places, not left out.
        if (found.length === 0) return [answer(asked.brand, asked.category ?? null, undefined)];
        return found.map((row) => answer(asked.brand, String(row.content.category), row.content));
      });
      sendSuccess(res, { dataMonth: result.period, dataList, freshness });
    }),
  );

  router.post(
    enterpriseFeedPaths.ecommerceSalesToB,
    handle(async (req, res) => {
      const request = validateQuery('ecommerceSalesToB', req.body);
      assertEnterprise(callerOf(res), request.enterpriseId);
      const { result, freshness } = await readLive(pool, 'enterprise-feeds', (schema, db) =>
        listFeedRows(db, schema, {
          family: 'salesToB',
          enterprise: request.enterpriseId,
          periodPrefix: request.dataYear,
          ...(request.platform ? { scopes: [request.platform] } : {}),
        }),
      );
      const platformDataList = channels(result).map(({ channel, periods }) => ({
        ...pick(channel, ['platform', 'startDate', 'endDate', 'firstDate', 'purchaseCycle', 'settleCycle']),
        saleList: parts(periods, 'sale', saleItem),
        settleList: parts(periods, 'settle', settleItem),
      }));
      sendSuccess(res, { platformDataList, freshness });
    }),
  );

  router.post(
    enterpriseFeedPaths.ecommerceSalesToC,
    handle(async (req, res) => {
      const request = validateQuery('ecommerceSalesToC', req.body);
      assertEnterprise(callerOf(res), request.enterpriseId);
      const { result, freshness } = await readLive(pool, 'enterprise-feeds', (schema, db) =>
        listFeedRows(db, schema, {
          family: 'salesToC',
          enterprise: request.enterpriseId,
          periodPrefix: request.dataYear,
          ...(request.platform && request.shopCode
            ? { scopes: [`${request.platform}/${request.shopCode}`] }
            : request.platform
              ? { scopePrefix: `${request.platform}/` }
              : {}),
        }),
      );
      const shopDataList = channels(result)
        .filter(({ channel }) => request.shopCode === undefined || channel.shopCode === request.shopCode)
        .map(({ channel, periods }) => ({
          ...pick(channel, ['platform', 'shopName', 'startDate', 'endDate', 'firstDate', 'shopCode']),
          monthDataList: parts(periods, 'month', monthItem),
        }));
      sendSuccess(res, { shopDataList, freshness });
    }),
  );

  router.post(enterpriseFeedPaths.taxInformation, createTaxRoute(pool));
  return router;
}

/**
 * Tax information, answered in the tax convention (§8): failures become `{result, resultmsg}`
 * through the app's error middleware (http/answers.ts, convention `tax`).
 */
function createTaxRoute(pool: pg.Pool) {
  return handle(async (req, res) => {
    const request = validateQuery('taxInformation', req.body);
    assertEnterprise(callerOf(res), request.nsrsbh);
    const datatype = request.datatype ?? '01';
    const { result, freshness } = await readLive(pool, 'enterprise-feeds', (schema, db) =>
      listFeedRows(db, schema, { family: 'tax', enterprise: request.nsrsbh, scopes: [datatype] }),
    );
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
