import type { JsonSchema } from '@tradelog/schemas/documents/catalogue';
import type { MarketTool, MarketToolDetail } from '@tradelog/schemas/portal/contentAnswers';
import { type QueryTypeId, queryType } from '@tradelog/schemas/queries/catalogue';
import type { Lang } from './seed/types.ts';

/**
 * The tool market (portal spec §2 toolCloud, §7 `toolMarket/application/detail…`; README "Tool
 * market"): the platform's own look-ups, read from the query catalogue, so a tool is listed only
 * when query-api serves it and its page says what the API reference says. Nothing here is priced:
 * the catalogue has no prices, and the §3 item's price fields are left out rather than made up.
 *
 * Ids are ours (the spec shows none): stable numbers, appended to, never reused. Codes are the
 * catalogue's query type ids.
 */
export const marketTools: readonly { id: number; code: QueryTypeId; category: ToolCategory }[] = [
  { id: 1, code: 'vesselArchive', category: 'VESSEL' },
  { id: 2, code: 'vesselAis', category: 'VESSEL' },
  { id: 3, code: 'routeSchedule', category: 'SCHEDULE' },
  { id: 4, code: 'terminalVesselPlan', category: 'SCHEDULE' },
  { id: 5, code: 'flightSchedule', category: 'SCHEDULE' },
  { id: 6, code: 'transportBill', category: 'TRACKING' },
  { id: 7, code: 'oceanTracking', category: 'TRACKING' },
  { id: 8, code: 'terminalTracking', category: 'TRACKING' },
  { id: 9, code: 'airTracking', category: 'TRACKING' },
  { id: 10, code: 'expressInstantQuery', category: 'TRACKING' },
  { id: 11, code: 'expressRouteMapInstantQuery', category: 'TRACKING' },
  { id: 12, code: 'truckPosition', category: 'TRUCK' },
  { id: 13, code: 'truckTrack', category: 'TRUCK' },
];
export type ToolCategory = 'VESSEL' | 'SCHEDULE' | 'TRACKING' | 'TRUCK';

const categoryNames: Record<ToolCategory, { cn: string; en: string }> = {
  VESSEL: { cn: '船舶', en: 'Vessels' },
  SCHEDULE: { cn: '船期与航班', en: 'Schedules' },
  TRACKING: { cn: '运输跟踪', en: 'Tracking' },
  TRUCK: { cn: '拖车', en: 'Trucks' },
};

const described = (schema: JsonSchema, lang: Lang) =>
  (lang === 'en' ? schema['x-description-en'] : undefined) ?? schema.description ?? '';
const titled = (schema: JsonSchema, name: string, lang: Lang) =>
  (lang === 'en' ? schema['x-title-en'] : undefined) ?? schema.title ?? name;

function summary(tool: (typeof marketTools)[number], lang: Lang): MarketTool {
  const type = queryType(tool.code);
  return {
    id: tool.id,
    code: tool.code,
    appName: type.title[lang],
    category: tool.category,
    categoryName: categoryNames[tool.category][lang],
    appIntroducetion: described(type.request, lang),
  };
}

/** `…/application/detail/selection`: every tool, to choose from (the toolCloud page). */
export function toolSelection(lang: Lang): MarketTool[] {
  return marketTools.map((tool) => summary(tool, lang));
}

/**
 * `…/application/detail/{code}` and `…/application/detail?id=`: one tool with how it is called —
 * method, path, its request parameters and what the answer holds; undefined when there is none.
 */
export function toolDetail(key: { code: string } | { id: number }, lang: Lang): MarketToolDetail | undefined {
  const tool = marketTools.find((item) => ('code' in key ? item.code === key.code : item.id === key.id));
  if (!tool) return undefined;
  const type = queryType(tool.code);
  const required = new Set(type.request.required ?? []);
  return {
    ...summary(tool, lang),
    kind: type.kind,
    method: type.method ?? 'POST',
    path: type.path,
    parameters: Object.entries(type.request.properties ?? {}).map(([name, schema]) => ({
      name,
      title: titled(schema, name, lang),
      required: required.has(name),
    })),
    answer: type.response[lang],
  };
}
