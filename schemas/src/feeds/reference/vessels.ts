import {
  amount,
  dateTime,
  documentSchema,
  type JsonSchema,
  labels as l,
  text,
  whole,
} from '../../documents/json-schema.ts';
import {
  callsign,
  deadweight,
  flagName,
  grossTonnage,
  imo,
  mmsi,
  netTonnage,
  shipContainerNum,
  shipType,
  signedWhole,
  unLocode,
  vesselNameCn,
  vesselNameEn,
} from './fields.ts';

/**
 * Vessel archive (query spec §3 "Vessel archive and AIS"): a ship registry's record of one
 * vessel. Keyed by mmsi (the record key and the state key); the look-up finds it by mmsi, imo,
 * English name or call sign. The spec gives no units for the archive's sizes: we take the
 * registries' metres and tonnes.
 */
export const vesselArchiveFeedSchema: JsonSchema = documentSchema({
  words: l(
    '船舶档案数据',
    'Vessel archive feed',
    '船舶登记数据源提交的一条船舶档案；同一 mmsi 的后一条替换前一条',
    'One vessel’s record from a ship registry; a later record of the same mmsi replaces the earlier',
  ),
  properties: {
    shipId: text(40, l('船舶标识', 'Ship id', '数据源的船舶编号', 'The source’s ship id')),
    vesselNameEn,
    vesselNameCn,
    imo,
    mmsi,
    callsign,
    aisVesselType: text(
      60,
      l('AIS 船舶类型', 'AIS vessel type', 'AIS 报告的船舶类型', 'The vessel type as AIS reports it'),
    ),
    shipType,
    length: amount(l('船长', 'Length', '船舶总长，单位米', 'Length overall in metres')),
    width: amount(l('船宽', 'Width', '船舶型宽，单位米', 'Beam in metres')),
    gt: grossTonnage,
    nt: netTonnage,
    dwt: deadweight,
    flagName,
    shipContainerNum,
    dateBuilt: text(
      10,
      l('建造日期', 'Date built', '建造日期（年或年月日）', 'When it was built (year or date)'),
    ),
    built: text(100, l('建造船厂', 'Builder', '建造船厂', 'The shipyard that built it')),
    ismManager: text(
      255,
      l('ISM 管理公司', 'ISM manager', 'ISM 安全管理公司', 'The ISM (safety management) company'),
    ),
    shipOwnerEn: text(255, l('船东', 'Ship owner', '船东英文名称', 'The ship owner’s English name')),
    shipManagerEn: text(
      255,
      l('船舶管理人', 'Ship manager', '船舶管理公司英文名称', 'The ship manager’s English name'),
    ),
    carrier: text(100, l('承运人', 'Carrier', '运营该船的承运人', 'The carrier operating the vessel')),
  },
  required: ['mmsi', 'vesselNameEn'],
});

/**
 * AIS position (query spec §3): one position report of one vessel with its static data, in the
 * spec's units exactly — length and breadth in decimetres, draught in millimetres, speed in
 * mm/s, angles in 1/100 degree, coordinates in 1/1,000,000 degree. The latest `updateTime`
 * is the vessel's current position.
 */
export const aisPositionFeedSchema: JsonSchema = documentSchema({
  words: l(
    'AIS 船位数据',
    'AIS position feed',
    'AIS 网络提交的一条船位报告（含静态数据），单位与规范一致',
    'One position report with static data from an AIS network, in the spec’s units',
  ),
  properties: {
    mmsi,
    imo,
    nameEn: vesselNameEn,
    callSign: callsign,
    shipType,
    length: whole({ min: 0 }, l('船长', 'Length', '船长，单位分米', 'Length in decimetres')),
    breadth: whole({ min: 0 }, l('船宽', 'Breadth', '船宽，单位分米', 'Breadth in decimetres')),
    gt: grossTonnage,
    dwt: deadweight,
    dateBuild: text(
      10,
      l('建造日期', 'Date built', '建造日期（年或年月日）', 'When it was built (year or date)'),
    ),
    shipContainerNum,
    flagName,
    navStatus: whole(
      { min: 0, max: 15 },
      l(
        '航行状态',
        'Navigational status',
        'AIS 航行状态码 0–15（ITU-R M.1371：0 机动航行，1 锚泊，5 系泊 …）',
        'AIS navigational status 0–15 (ITU-R M.1371: 0 under way using engine, 1 at anchor, 5 moored …)',
      ),
    ),
    updateTime: dateTime(l('更新时间', 'Update time', '船位的报告时间', 'When the position was reported')),
    draught: whole({ min: 0 }, l('吃水', 'Draught', '吃水，单位毫米', 'Draught in millimetres')),
    cog: whole(
      { min: 0, max: 36000 },
      l('对地航向', 'Course over ground', '对地航向，单位 1/100 度', 'Course over ground in 1/100 degree'),
    ),
    hdg: whole(
      { min: 0, max: 51100 },
      l(
        '船首向',
        'Heading',
        '船首向，单位 1/100 度（51100 表示不可用）',
        'Heading in 1/100 degree (51100: not available)',
      ),
    ),
    sog: whole(
      { min: 0 },
      l('对地航速', 'Speed over ground', '对地航速，单位毫米/秒', 'Speed over ground in mm/s'),
    ),
    dest: text(40, l('目的地', 'Destination', '船员填写的目的地', 'The destination as the crew entered it')),
    destStd: text(
      100,
      l('标准目的港', 'Standard destination', '标准化的目的港名称', 'The destination port, standardised'),
    ),
    destcode: unLocode(
      l('目的港代码', 'Destination code', '目的港 UN/LOCODE', 'The destination port’s UN/LOCODE'),
    ),
    eta: text(
      20,
      l('预计到达', 'ETA', '船员填写的预计到达时间（AIS 原文）', 'The ETA as the crew entered it (AIS text)'),
    ),
    etaStd: dateTime(l('标准预计到达', 'Standard ETA', '标准化的预计到达时间', 'The ETA, standardised')),
    lat: signedWhole(
      -90_000_000,
      90_000_000,
      l('纬度', 'Latitude', '纬度，单位 1/1000000 度', 'Latitude in 1/1,000,000 degree'),
    ),
    lon: signedWhole(
      -180_000_000,
      180_000_000,
      l('经度', 'Longitude', '经度，单位 1/1000000 度', 'Longitude in 1/1,000,000 degree'),
    ),
  },
  required: ['mmsi', 'updateTime', 'lat', 'lon'],
});
