import { referenceFeedExamples as examples } from '@tradelog/schemas/feeds/reference/examples';
import { describe, expect, it } from 'vitest';
import type { Document, DocumentEvent } from '../documents/event.ts';
import { documentLog } from '../documents/testing.ts';
import { type ReferenceState, reduceReference, statementOf, type TrackPoint } from './reducer.ts';

const fold = (events: readonly DocumentEvent[], state: ReferenceState = new Map()) =>
  events.reduce((s, event) => reduceReference(s, event).state, state);

const doc = (value: unknown) => value as Document;

describe('reference reducer: vessels (rules 1, 2, 5)', () => {
  it('given an archive record, when restated with other content, then the later record replaces it, keyed by mmsi with its lookup columns', () => {
    const log = documentLog();
    const state = fold([
      log('vesselArchiveFeed', doc({ ...examples.vesselArchiveFeed, carrier: 'OOCL' })),
      log('vesselArchiveFeed', doc({ ...examples.vesselArchiveFeed, vesselNameEn: '  cosco   aries ' })),
    ]);
    const vessel = state.get('vessel:477266900')!;
    expect(vessel.columns).toEqual({ imo: '9783526', name_key: 'COSCO ARIES', callsign_key: 'VRQR6' });
    expect(vessel.fields.carrier).toBe('COSCO');
    expect(vessel.source.position).toBe('tradelog.doc.vesselArchiveFeed.v1/0/1');
  });

  it('given an archive record, when the same content arrives again, then the state object is the same', () => {
    const log = documentLog();
    const state = fold([log('vesselArchiveFeed', doc(examples.vesselArchiveFeed))]);
    expect(reduceReference(state, log('vesselArchiveFeed', doc(examples.vesselArchiveFeed))).state).toBe(
      state,
    );
  });

  it('given an AIS position, when an older report arrives later, then it is ignored; a newer one replaces it; an equal time goes to the later record', () => {
    const log = documentLog();
    const at = (updateTime: string, sog: number) =>
      log('aisPositionFeed', doc({ ...examples.aisPositionFeed, updateTime, sog }));
    const first = fold([at('2024-03-04 21:40:00', 7460)]);
    expect(reduceReference(first, at('2024-03-04 21:30:00', 1)).state).toBe(first);
    const newer = fold([at('2024-03-04T13:50:00Z', 7000)], first);
    expect(newer.get('ais:477266900')!.fields.sog).toBe(7000);
    expect(newer.get('ais:477266900')!.columns.update_time).toBe('2024-03-04T13:50:00.000Z');
    const tie = fold([at('2024-03-04 21:50:00', 6900)], newer);
    expect(tie.get('ais:477266900')!.fields.sog).toBe(6900);
  });

  it('keeps AIS units as submitted (decimetres, millimetres, mm/s, 1/100 and 1/1,000,000 degree)', () => {
    const state = fold([documentLog()('aisPositionFeed', doc(examples.aisPositionFeed))]);
    const fields = state.get('ais:477266900')!.fields;
    expect([fields.length, fields.draught, fields.sog, fields.cog, fields.lat]).toEqual([
      3998, 14200, 7460, 23450, 22385120,
    ]);
  });
});

describe('reference reducer: bills, routes and vessel calls (rules 1, 2)', () => {
  it('keys a bill by owner, bill and booking number; a later record of the same bill replaces it, another bill is its own', () => {
    const log = documentLog();
    const state = fold([
      log('transportBillFeed', doc(examples.transportBillFeed)),
      log('transportBillFeed', doc({ ...examples.transportBillFeed, pickUpTime: '2024-03-06 09:00:00' })),
      log('transportBillFeed', doc({ ...examples.transportBillFeed, billNo: 'COSU6287451231' })),
    ]);
    const key = 'bill:91440300MA5G2K7L3X|COSU6287451230|SO24021803317';
    expect(state.get(key)!.fields.pickUpTime).toBe('2024-03-06 09:00:00');
    expect([...state.keys()].filter((k) => k.startsWith('bill:'))).toHaveLength(2);
  });

  it('keys a route by carrier and service and a vessel call by port, name and voyages', () => {
    const log = documentLog();
    const state = fold([
      log('routeScheduleFeed', doc(examples.routeScheduleFeed)),
      log('vesselPlanFeed', doc(examples.vesselPlanFeed)),
      log('vesselPlanFeed', doc({ ...examples.vesselPlanFeed, atd: '2024-03-05 22:15:00' })),
    ]);
    expect(state.get('route:COSCO|CJX')!.columns.route).toBe('CHINA-JAPAN');
    const call = state.get('call:CNSHK|COSCO ARIES|032E|033W')!;
    expect(call.fields.atd).toBe('2024-03-05 22:15:00');
  });
});

describe('reference reducer: flights (rule 3)', () => {
  it('given a flight, when a record updated earlier arrives later, then it is ignored', () => {
    const log = documentLog();
    const state = fold([log('flightFeed', doc(examples.flightFeed))]);
    const stale = log(
      'flightFeed',
      doc({ ...examples.flightFeed, updated: '2024-03-04T15:00:00Z', status: 'SCHEDULED' }),
    );
    expect(reduceReference(state, stale).state).toBe(state);
    const landed = fold(
      [log('flightFeed', doc({ ...examples.flightFeed, updated: '2024-03-04T16:45:00Z', status: 'LANDED' }))],
      state,
    );
    const flight = landed.get('flight:CSS3291-20240304-ZSPD')!;
    expect(flight.fields.status).toBe('LANDED');
    expect(flight.columns).toMatchObject({
      dep_airport: 'ZSPD',
      arr_airport: 'ZGSZ',
      dep_time: '2024-03-04T14:05:00.000Z',
    });
  });
});

describe('reference reducer: trucks (rule 4)', () => {
  const report = (utc: string, extra: Record<string, unknown> = {}) =>
    doc({ ...examples.truckPositionFeed, utc, ...extra });
  const times = (state: ReferenceState) =>
    (state.get('truck:粤B6K2Q8')!.fields.track24s as TrackPoint[]).map((p) => p.gtm);

  it('given reports over 30 hours, when the latest arrives, then the track keeps the last 24 hours and the position is the latest report', () => {
    const log = documentLog();
    const state = fold([
      log('truckPositionFeed', report('2024-03-04 08:00:00')),
      log('truckPositionFeed', report('2024-03-04 20:00:00')),
      log('truckPositionFeed', report('2024-03-05 14:00:00', { adr: '深圳市妈湾港' })),
    ]);
    expect(times(state)).toEqual(['2024-03-04T12:00:00.000Z', '2024-03-05T06:00:00.000Z']);
    const truck = state.get('truck:粤B6K2Q8')!;
    expect(truck.fields.positionInfo).toMatchObject({ adr: '深圳市妈湾港', utc: '2024-03-05T06:00:00.000Z' });
    expect(truck.columns.last_time).toBe('2024-03-05T06:00:00.000Z');
  });

  it('given a late, out-of-order report within the window, then it joins the track in time order without moving the position', () => {
    const log = documentLog();
    const state = fold([
      log('truckPositionFeed', report('2024-03-05 15:20:00')),
      log('truckPositionFeed', report('2024-03-05 12:00:00', { adr: '较早的位置' })),
    ]);
    expect(times(state)).toEqual(['2024-03-05T04:00:00.000Z', '2024-03-05T07:20:00.000Z']);
    expect(state.get('truck:粤B6K2Q8')!.fields.positionInfo).toMatchObject({
      adr: examples.truckPositionFeed.adr,
    });
  });

  it('keeps the latest stated stage (§4, 2.5 and 4.5 included): a report without one, or an older one, leaves it', () => {
    const log = documentLog();
    const stage = (state: ReferenceState) => state.get('truck:粤B6K2Q8')!.fields.stage;
    const pickedUp = fold([
      log('truckPositionFeed', report('2024-03-05 10:00:00', { stage: '2' })),
      log('truckPositionFeed', report('2024-03-05 11:00:00', { stage: '2.5' })),
      log('truckPositionFeed', report('2024-03-05 12:00:00', { stage: undefined })),
      log('truckPositionFeed', report('2024-03-05 09:00:00', { stage: '1' })),
    ]);
    expect(stage(pickedUp)).toEqual({ stage: '2.5', stageTime: '2024-03-05T03:00:00.000Z' });
    const restated = reduceReference(
      pickedUp,
      log('truckPositionFeed', report('2024-03-05 12:00:00', { stage: '4.5' })),
    ).state;
    expect(stage(restated)).toEqual({ stage: '4.5', stageTime: '2024-03-05T04:00:00.000Z' });
  });

  it('given a report older than the window, or the same report again, then nothing changes', () => {
    const log = documentLog();
    const state = fold([log('truckPositionFeed', report('2024-03-05 15:20:00'))]);
    expect(reduceReference(state, log('truckPositionFeed', report('2024-03-04 15:19:59'))).state).toBe(state);
    expect(reduceReference(state, log('truckPositionFeed', report('2024-03-05 15:20:00'))).state).toBe(state);
  });

  it('gives the same track whatever order the reports arrive in', () => {
    const hours = [
      '2024-03-03 23:00:00',
      '2024-03-04 11:00:00',
      '2024-03-04 18:00:00',
      '2024-03-05 10:00:00',
    ];
    const forward = fold(hours.map((h) => documentLog()('truckPositionFeed', report(h))));
    const backward = fold([...hours].reverse().map((h) => documentLog()('truckPositionFeed', report(h))));
    expect(times(backward)).toEqual(times(forward));
    expect(times(forward)).toHaveLength(3);
  });
});

describe('reference reducer: other documents', () => {
  it('ignores documents that are not reference feeds', () => {
    const state: ReferenceState = new Map();
    const event = documentLog()('pod', doc({ entOrderNo: 'E1' }));
    expect(reduceReference(state, event).state).toBe(state);
  });
});

describe('reference reducer: a record older than the item (an operator retry of a dead letter)', () => {
  it('given an archive from a newer record, when an older record is retried, then the newer stays and the older is superseded', () => {
    const log = documentLog();
    const older = log('vesselArchiveFeed', doc({ ...examples.vesselArchiveFeed, carrier: 'OOCL' }), {
      offset: 1,
    });
    const newer = log('vesselArchiveFeed', doc({ ...examples.vesselArchiveFeed, carrier: 'COSCO' }), {
      offset: 2,
    });
    const state = fold([newer]);

    const result = reduceReference(state, older);

    expect(result).toEqual({ state, changes: [], superseded: true });
    expect(state.get('vessel:477266900')!.fields.carrier).toBe('COSCO');
  });

  it('given an AIS position, when an older record with the same event time is retried, then it is superseded; a later event time still applies', () => {
    const log = documentLog();
    const at = (updateTime: string, sog: number, offset: number) =>
      log('aisPositionFeed', doc({ ...examples.aisPositionFeed, updateTime, sog }), { offset });
    const state = fold([at('2024-03-04 21:40:00', 7460, 5)]);

    expect(reduceReference(state, at('2024-03-04 21:40:00', 1, 4)).superseded).toBe(true);
    const later = reduceReference(state, at('2024-03-04 21:50:00', 2, 3));
    expect(later.superseded).toBeUndefined();
    expect(later.state.get('ais:477266900')!.fields.sog).toBe(2);
  });
});

describe('statementOf: what one feed document states (rule 1)', () => {
  it('given a document without the fields that key its item, then it states nothing', () => {
    const log = documentLog();
    expect(
      statementOf(log('vesselArchiveFeed', doc({ ...examples.vesselArchiveFeed, mmsi: ' ' }))),
    ).toBeUndefined();
    expect(
      statementOf(
        log('transportBillFeed', doc({ ...examples.transportBillFeed, billNo: '', sybknoteno: '' })),
      ),
    ).toBeUndefined();
    expect(
      statementOf(log('vesselPlanFeed', doc({ ...examples.vesselPlanFeed, ivoyage: '', evoyage: '' }))),
    ).toBeUndefined();
    expect(
      statementOf(log('aisPositionFeed', doc({ ...examples.aisPositionFeed, updateTime: 'soon' }))),
    ).toBeUndefined();
    expect(
      statementOf(log('truckPositionFeed', doc({ ...examples.truckPositionFeed, utc: '' }))),
    ).toBeUndefined();
  });

  it('given a bill with only a booking number, then it is keyed with an empty bill number', () => {
    const log = documentLog();
    const statement = statementOf(
      log('transportBillFeed', doc({ ...examples.transportBillFeed, billNo: '' })),
    );
    expect(statement?.key).toBe('91440300MA5G2K7L3X||SO24021803317');
    expect(statement?.columns).toEqual({
      customer_code: '91440300MA5G2K7L3X',
      bill_no: null,
      booking_no: 'SO24021803317',
    });
  });

  it('keys a carrier by its code in upper case, with no filter columns', () => {
    const log = documentLog();
    expect(statementOf(log('carrierFeed', doc({ ...examples.carrierFeed, carrierCode: ' cosco ' })))).toEqual(
      {
        family: 'carrier',
        key: 'COSCO',
        columns: {},
      },
    );
  });
});
