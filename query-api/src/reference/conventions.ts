import type { Lang } from '@tradelog/schemas/kit/runtime/envelope';

/**
 * The success answers of the reference look-ups in their families' conventions (query spec §3,
 * §8); their failures are the app's one error middleware's (http/answers.ts: `statusCode`,
 * `flight`, `envelope`), chosen by path in `conventionsByPath`.
 *
 * - `statusCode` (vessel archive, vessel plan, route schedule, trucks): `{status: 200,
 *   statusCode: 20000, message, …}` (§8: 20000 is success; `status` is internal).
 * - `flight`: `{code, message, data}`, code 20000 when flights were found, 20001 when none (§8);
 *   both are HTTP 200.
 * - AIS and transport bill answer the common `{flag, code, message, …}` envelope.
 */
const succeeded = { cn: '查询成功', en: 'success' };
const none = { cn: '无数据', en: 'no data' };

export function statusCodeSuccess(payload: Record<string, unknown>, lang: Lang): Record<string, unknown> {
  return { status: 200, statusCode: 20000, message: succeeded[lang], ...payload };
}

export function flightSuccess(
  data: Record<string, unknown> & { totalRecords: number },
  lang: Lang,
): Record<string, unknown> {
  const found = data.totalRecords > 0;
  return { code: found ? 20000 : 20001, message: (found ? succeeded : none)[lang], data };
}
