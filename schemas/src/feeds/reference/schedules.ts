import {
  dateTime,
  documentSchema,
  eitherOr,
  type JsonSchema,
  labels as l,
  list,
  namesNoGrantedEnterprise,
  record,
  text,
  whole,
} from '../../documents/json-schema.ts';
import {
  carriercd,
  carrierService,
  unLocode,
  vesselNameCn,
  vesselNameEn,
  vesselPlanPort,
  weekday,
} from './fields.ts';

/**
 * Route (sailing) schedule (query spec §3 "Route schedule"): one service of one carrier with its
 * port rotation. A service is `(carriercd, service)`; a later record replaces its rotation. The
 * look-up answers one content item per port call.
 */
export const routeScheduleFeedSchema: JsonSchema = documentSchema({
  words: l(
    '航线船期数据',
    'Route schedule feed',
    '承运人提交的一条航线（服务）及其挂港顺序；同一承运人同一航线的后一条替换前一条',
    'One service of a carrier with its port rotation; a later record of the same carrier and service replaces the earlier',
  ),
  properties: {
    carriercd,
    scac: text(4, l('SCAC 代码', 'SCAC', '标准承运人字母代码', 'The Standard Carrier Alpha Code')),
    service: carrierService,
    serviceCN: text(100, l('航线中文名', 'Service (Chinese)', '航线中文名称', 'The service’s Chinese name')),
    route: text(
      100,
      l(
        '主航线',
        'Major route',
        '主航线英文名（查询参数 field_6 按此筛选）',
        'The major route in English (the look-up’s field_6 filters on it)',
      ),
    ),
    routeCode: text(
      20,
      l('航线代码（承运人）', 'Route code', '承运人的航线分类代码', 'The carrier’s route code'),
    ),
    standardRouteCode: text(
      20,
      l('标准航线代码', 'Standard route code', '平台标准航线代码', 'The standard route code'),
    ),
    ports: list(
      record(
        {
          portNumber: whole(
            { min: 1 },
            l(
              '挂港顺序',
              'Call order',
              '在航线中的挂港顺序，从 1 开始',
              'The call’s place in the rotation, from 1',
            ),
          ),
          portCode: unLocode(l('港口代码', 'Port code', '港口 UN/LOCODE', 'The port’s UN/LOCODE')),
          port: text(100, l('港口', 'Port', '港口名称', 'The port’s name')),
          terminal: text(100, l('码头', 'Terminal', '挂靠码头', 'The terminal called at')),
          eta: weekday(l('到港星期', 'ETA weekday', '计划到港的星期', 'The weekday of arrival')),
          etd: weekday(l('离港星期', 'ETD weekday', '计划离港的星期', 'The weekday of departure')),
          transitTime: whole(
            { min: 0 },
            l('航程天数', 'Transit time', '自首港起的航程，单位天', 'Days from the first port of call'),
          ),
        },
        ['portNumber', 'portCode', 'port'],
        l('挂港', 'Port call', '航线中的一次挂港', 'One call of the rotation'),
      ),
      { min: 1, max: 100 },
      l('挂港列表', 'Port calls', '航线的挂港顺序', 'The service’s rotation'),
    ),
  },
  required: ['carriercd', 'service', 'ports'],
});

const time = (cn: string, en: string, descCn: string, descEn: string) => dateTime(l(cn, en, descCn, descEn));

/**
 * Terminal vessel plan (query spec §3 "Terminal vessel plan"): one call of one vessel at one of
 * the nine ports (§9), as the terminal plans it. A call is `(portCode, vesselNameEn, ivoyage,
 * evoyage)`; a later record of the same call replaces the earlier (times get revised, actual
 * times arrive).
 */
export const vesselPlanFeedSchema: JsonSchema = documentSchema({
  words: l(
    '码头船舶计划数据',
    'Terminal vessel plan feed',
    '码头提交的一个船舶挂靠计划（九港之一）；进口或出口航次至少填一项；同一挂靠的后一条替换前一条',
    'One planned call of a vessel at one of the nine ports, from the terminal; ivoyage or evoyage must be non-empty; a later record of the same call replaces the earlier',
  ),
  properties: {
    portCode: vesselPlanPort,
    vesselNameEn,
    vesselNameCn,
    shipCode: text(20, l('船舶代码', 'Ship code', '码头的船舶代码', 'The terminal’s code of the ship')),
    shipName: text(
      100,
      l('船名', 'Ship name', '码头登记的船名', 'The ship’s name as the terminal records it'),
    ),
    agentCode: namesNoGrantedEnterprise(
      "the vessel's shipping agent: no enterprise's view reads it",
      text(20, l('船代代码', 'Agent code', '船舶代理代码', 'The shipping agent’s code')),
    ),
    agentName: text(100, l('船代名称', 'Agent name', '船舶代理名称', 'The shipping agent’s name')),
    lineCode: text(20, l('航线代码', 'Line code', '航线（船公司）代码', 'The line’s code')),
    terminal: text(100, l('码头', 'Terminal', '靠泊码头', 'The berthing terminal')),
    portsEn: text(
      500,
      l('挂靠港（英文）', 'Ports (English)', '航次挂靠港英文名', 'The voyage’s ports in English'),
    ),
    portsCn: text(
      500,
      l('挂靠港（中文）', 'Ports (Chinese)', '航次挂靠港中文名', 'The voyage’s ports in Chinese'),
    ),
    eta: time('预计抵港', 'ETA', '预计抵港时间', 'Estimated arrival'),
    ata: time('实际抵港', 'ATA', '实际抵港时间', 'Actual arrival'),
    etb: time('预计靠泊', 'ETB', '预计靠泊时间', 'Estimated berthing'),
    atb: time('实际靠泊', 'ATB', '实际靠泊时间', 'Actual berthing'),
    etd: time('预计离港', 'ETD', '预计离港时间', 'Estimated departure'),
    atd: time('实际离港', 'ATD', '实际离港时间', 'Actual departure'),
    cyOpen: time('开港时间', 'CY open', '堆场开始收箱时间', 'When the yard opens for the call’s containers'),
    cyClosing: time(
      '截港时间',
      'CY closing',
      '堆场截止收箱时间',
      'When the yard closes for the call’s containers',
    ),
    portCloseDate: time('截关时间（码头）', 'Port cut-off', '码头截止时间', 'The terminal’s cut-off'),
    customsCloseDate: time(
      '海关截放行时间',
      'Customs cut-off',
      '海关截止放行时间',
      'The customs release cut-off',
    ),
    ivoyage: text(20, l('进口航次', 'Import voyage', '进口航次号', 'The import voyage')),
    evoyage: text(20, l('出口航次', 'Export voyage', '出口航次号', 'The export voyage')),
    status: text(
      20,
      l(
        '计划状态',
        'Plan status',
        '码头的计划状态（规范未给出取值）',
        'The terminal’s plan status (the spec gives no values)',
      ),
    ),
  },
  required: ['portCode', 'vesselNameEn'],
  anyOf: eitherOr('ivoyage', 'evoyage'),
});
