import { describe, expect, it } from 'vitest';
import { examples } from './examples.ts';
import { createQueryValidators } from './validator.ts';

const validators = createQueryValidators();
const issues = (id: keyof typeof validators, request: unknown) =>
  validators[id](request).map((issue) => ({
    path: issue.path,
    rule: issue.rule,
    en: issue.message.en,
    cn: issue.message.cn,
  }));

describe('reference look-up requests (query spec §5)', () => {
  it('accepts every example', () => {
    for (const id of [
      'vesselArchive',
      'vesselAis',
      'transportBill',
      'routeSchedule',
      'terminalVesselPlan',
      'flightSchedule',
      'truckPosition',
      'truckTrack',
    ] as const)
      expect(issues(id, examples[id]), id).toEqual([]);
  });

  it('vessel archive: one of mmsi, imo, vesselNameEn, callsign', () => {
    expect(issues('vesselArchive', {})).toEqual([
      expect.objectContaining({ path: 'mmsi|imo|vesselNameEn|callsign', rule: 'eitherOr' }),
    ]);
    expect(issues('vesselArchive', { callsign: 'VRQR6' })).toEqual([]);
  });

  it('AIS: mmsi required, nine digits', () => {
    expect(issues('vesselAis', {})).toEqual([expect.objectContaining({ path: 'mmsi', rule: 'required' })]);
    expect(issues('vesselAis', { mmsi: '47726' })[0]?.path).toBe('mmsi');
  });

  it('vessel plan: the nine ports; voyage required for Ningbo; isExport required when a voyage is given', () => {
    expect(issues('terminalVesselPlan', { portCode: 'CNHKG', vesselNameEn: 'X' })).toEqual([
      expect.objectContaining({ path: 'portCode', rule: 'enum' }),
    ]);
    const ningbo = issues('terminalVesselPlan', { portCode: 'CNNGB', vesselNameEn: 'COSCO ARIES' });
    expect(ningbo).toEqual([expect.objectContaining({ path: 'voyage', rule: 'required' })]);
    expect(ningbo[0]!.en).toBe('voyage (Voyage) is required when portCode is CNNGB (Ningbo)');
    expect(ningbo[0]!.cn).toContain('宁波');
    const voyage = issues('terminalVesselPlan', {
      portCode: 'CNSHK',
      vesselNameEn: 'COSCO ARIES',
      voyage: '033W',
    });
    expect(voyage).toEqual([expect.objectContaining({ path: 'isExport', rule: 'required' })]);
    expect(voyage[0]!.en).toBe('isExport (Export or import) is required when a voyage is given');
    expect(issues('terminalVesselPlan', { portCode: 'CNSHK', vesselNameEn: 'COSCO ARIES' })).toEqual([]);
  });

  it('bill: billNo, customerCode, customerName sent; bill or booking number non-empty', () => {
    const base = { customerCode: '91440300MA5G2K7L3X', customerName: '深圳前海优品供应链有限公司' };
    expect(
      issues('transportBill', base)
        .map((i) => i.path)
        .sort(),
    ).toEqual(['billNo', 'billNo|sybknoteno']);
    expect(issues('transportBill', { ...base, billNo: '' }).map((i) => i.path)).toEqual([
      'billNo|sybknoteno',
    ]);
    expect(issues('transportBill', { ...base, billNo: '', sybknoteno: 'SO24021803317' })).toEqual([]);
  });

  it('route schedule: carriercd required, pageSize at most 1000', () => {
    expect(issues('routeSchedule', { pageSize: 1001 }).map((i) => `${i.path} ${i.rule}`)).toEqual([
      'carriercd required',
      'pageSize maximum',
    ]);
  });

  it('flights: fromAirports and toAirports required as ICAO arrays', () => {
    expect(issues('flightSchedule', {}).map((i) => `${i.path} ${i.rule}`)).toEqual([
      'fromAirports required',
      'toAirports required',
    ]);
    expect(
      issues('flightSchedule', { fromAirports: [], toAirports: ['PVG'] }).map((i) => `${i.path} ${i.rule}`),
    ).toEqual(['fromAirports minItems', 'toAirports[0] pattern']);
  });

  it('trucks: vclN required; the window may not end before it starts', () => {
    expect(issues('truckPosition', {})).toEqual([
      expect.objectContaining({ path: 'vclN', rule: 'required' }),
    ]);
    expect(
      issues('truckTrack', {
        vclN: '粤B6K2Q8',
        qryBtm: '2024-03-05 10:00:00',
        qryEtm: '2024-03-05 09:00:00',
      }),
    ).toEqual([expect.objectContaining({ path: 'qryEtm', rule: 'dateRange' })]);
  });
});
