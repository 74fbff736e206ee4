import {
  acceptedCustomerNames,
  customerNameFormOk,
  customerNameMatches,
  customerNameRuleOf,
  withoutCheckValues,
} from '@tradelog/projections/tracking/customerName';
import type { TrackedItem } from '@tradelog/projections/tracking/item';
import { portAreas } from '@tradelog/projections/tracking/oceanView';

/**
 * The tracking queries' own rules (query spec §3, §5, §9), pure. Decisions where the spec is
 * silent are in query-api/README.md "Tracking".
 */
export interface RuleBreach {
  code: string;
  en: string;
  cn: string;
}

/**
 * §3 Express: the carrier's customerName rule (@tradelog/projections/tracking/customerName.ts,
 * shared with the push processor): the value's form always, its match once the parcel is known.
 */
export function checkCustomerName(
  shipperCode: string,
  customerName: string | undefined,
  item: TrackedItem | null,
): RuleBreach | undefined {
  const rule = customerNameRuleOf(shipperCode);
  if (!rule) return undefined;
  if (!customerNameFormOk(rule, customerName)) {
    return rule === 'phoneTail'
      ? {
          code: 'CUSTOMER_NAME_REQUIRED',
          en: 'customerName: last 4 phone digits needed',
          cn: '该快递公司须填 customerName：手机号后四位',
        }
      : {
          code: 'CUSTOMER_NAME_REQUIRED',
          en: 'customerName: shipper account needed',
          cn: '该快递公司须填 customerName：发件人账号',
        };
  }
  if (!item) return undefined;
  if (!customerNameMatches(shipperCode, customerName, acceptedCustomerNames(rule, item.facts))) {
    return {
      code: 'CUSTOMER_NAME_MISMATCH',
      en: 'customerName does not match the parcel',
      cn: 'customerName 与运单信息不符',
    };
  }
  return undefined;
}

/**
 * §3 Express instant query `orderCode` (max 30): the shipper's order code. A parcel whose feed
 * stated one answers only a request naming the same (or none); a parcel without one answers
 * with the request's (query-api README "Tracking queries").
 */
export function checkOrderCode(
  orderCode: string | undefined,
  item: TrackedItem | null,
): RuleBreach | undefined {
  const asked = orderCode?.trim();
  const stated = item?.facts.orderCode;
  if (!asked || typeof stated !== 'string' || stated.trim() === asked) return undefined;
  return {
    code: 'ORDER_CODE_MISMATCH',
    en: 'orderCode does not match the parcel',
    cn: 'orderCode 与运单信息不符',
  };
}

/**
 * What a tracking subscription's timeline (`GET /subscriptions/:id/tracking`) may show of its
 * item (README "Subscriptions"). An express subscription under a customerName rule made before
 * its parcel was known passed only the value's form; data arriving later does not verify it: the
 * parcel is shown only while the subscription's customerName matches the parcel's check values,
 * as the instant query and every push ask. The check values themselves are shown to no one.
 */
export function subscriptionTimeline(
  subscription: { family: string; criteria: Readonly<Record<string, unknown>> },
  item: TrackedItem | null,
): { item: TrackedItem | null; withheld?: RuleBreach } {
  if (!item) return { item: null };
  if (subscription.family === 'express' || subscription.family === 'express-map') {
    const { shipperCode, customerName } = subscription.criteria;
    const withheld = checkCustomerName(
      typeof shipperCode === 'string' ? shipperCode : '',
      typeof customerName === 'string' ? customerName : undefined,
      item,
    );
    if (withheld) return { item: null, withheld };
  }
  return { item: { ...item, facts: withoutCheckValues(item.facts) } };
}

/** A request for port data (portCode given) that the port area cannot answer (§5, §9). */
export function checkPortRequest(params: {
  portCode?: string;
  isExport?: string;
  containerNo?: string;
}): RuleBreach | undefined {
  const portCode = params.portCode?.trim().toUpperCase();
  if (!portCode) return undefined;
  const area = portAreas[portCode];
  const known = Object.keys(portAreas).join(', ');
  if (!area) {
    return {
      code: 'PORT_NOT_SUPPORTED',
      en: `portCode ${portCode} is not a container-tracking port area; supported: ${known}`,
      cn: `portCode ${portCode} 不在集装箱跟踪港区内，支持：${known}`,
    };
  }
  if (!params.isExport) {
    return {
      code: 'IS_EXPORT_REQUIRED',
      en: 'isExport (E or I) is required to obtain port data (§5)',
      cn: '获取港区数据须填写 isExport（E 或 I）',
    };
  }
  if (area.exportOnly && params.isExport !== 'E') {
    return {
      code: 'PORT_EXPORT_ONLY',
      en: `port area ${portCode} tracks exports only (isExport must be E)`,
      cn: `港区 ${portCode} 仅支持出口（isExport 须为 E）`,
    };
  }
  if (area.containerOnly && !params.containerNo?.trim()) {
    return {
      code: 'CONTAINER_NO_REQUIRED',
      en: `port area ${portCode} is queried by container number only (containerNo is required)`,
      cn: `港区 ${portCode} 仅支持按箱号查询（须填 containerNo）`,
    };
  }
  return undefined;
}

/**
 * §5 "Some carriers do not support container-number queries; some need both bill and container
 * number", by what the carrier's provider stated (carrierFeed `containerNoQuery`). A carrier the
 * table does not hold, and AUTO, are not judged: the table states, it does not exclude.
 */
export function checkCarrierRequest(
  params: { carrierCode?: string; containerNo?: string },
  carrier: { containerNoQuery?: unknown } | undefined,
): RuleBreach | undefined {
  const code = params.carrierCode?.trim().toUpperCase();
  if (!code || code === 'AUTO' || !carrier) return undefined;
  const containerNo = params.containerNo?.trim();
  if (carrier.containerNoQuery === 'UNSUPPORTED' && containerNo) {
    return {
      code: 'CONTAINER_QUERY_NOT_SUPPORTED',
      en: `carrier ${code} answers no container-number query: ask by billNo without containerNo`,
      cn: `船公司 ${code} 不支持按箱号查询：请只按提单号 billNo 查询，不填 containerNo`,
    };
  }
  if (carrier.containerNoQuery === 'WITH_BILL' && !containerNo) {
    return {
      code: 'CONTAINER_NO_REQUIRED',
      en: `carrier ${code} is queried by both the bill and the container number (containerNo is required)`,
      cn: `船公司 ${code} 须同时提供提单号与箱号（须填 containerNo）`,
    };
  }
  return undefined;
}
