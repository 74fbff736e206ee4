import {
  code,
  documentSchema,
  type JsonSchema,
  labels as l,
  text,
  whole,
} from '../../documents/json-schema.ts';

/**
 * Ocean carrier (query spec §5 "Ocean tracking", §9 "Sea carriers: 46 supported; one first-time
 * carrier refreshes every 24 hours"): what the tracking provider states about one carrier it
 * tracks — the carrierCode an ocean request names, how often its data is refreshed and whether
 * it answers container-number queries. The spec counts 46 carriers but names none and gives
 * neither refresh nor container support per carrier, so the table is the providers' to state,
 * not ours to write; the carrier look-up answers what they stated.
 */
export const containerNoQueries = {
  SUPPORTED: ['支持按箱号查询', 'container number queries supported'],
  UNSUPPORTED: ['不支持按箱号查询', 'container number queries not supported'],
  WITH_BILL: ['须同时提供提单号与箱号', 'needs both the bill and the container number'],
} as const satisfies Record<string, readonly [string, string]>;

export const carrierFeedSchema: JsonSchema = documentSchema({
  words: l(
    '船公司数据',
    'Ocean carrier feed',
    '跟踪服务商支持的一家船公司：查询代码、名称、数据刷新周期、是否支持按箱号查询（§5、§9）',
    'One carrier the tracking provider supports: its query code, names, refresh interval and container-number support (§5, §9)',
  ),
  properties: {
    carrierCode: text(
      20,
      l(
        '船公司代码',
        'Carrier code',
        '海运跟踪请求的 carrierCode，作为记录键',
        'The carrierCode of ocean tracking requests; the record key',
      ),
    ),
    scac: text(4, l('SCAC', 'SCAC', '标准承运人字母代码', 'Standard Carrier Alpha Code')),
    nameCn: text(100, l('中文名称', 'Name (Chinese)', '船公司中文名称', 'The carrier’s Chinese name')),
    nameEn: text(100, l('英文名称', 'Name (English)', '船公司英文名称', 'The carrier’s English name')),
    url: text(255, l('官网', 'Website', '船公司网站', 'The carrier’s website')),
    refreshHours: whole(
      { min: 1, max: 720 },
      l(
        '刷新周期（小时）',
        'Refresh (hours)',
        '该船公司数据的刷新周期，单位小时（§9：首次接入的船公司每 24 小时刷新）',
        'How often the carrier’s data is refreshed, in hours (§9: a first-time carrier every 24 hours)',
      ),
    ),
    containerNoQuery: code(
      containerNoQueries,
      l(
        '按箱号查询',
        'Container-number queries',
        '是否支持按箱号查询（§5：部分船公司不支持，部分须同时提供提单号与箱号）',
        'Whether container-number queries work (§5: some carriers do not support them, some need both numbers)',
      ),
    ),
  },
  required: ['carrierCode', 'refreshHours', 'containerNoQuery'],
});
