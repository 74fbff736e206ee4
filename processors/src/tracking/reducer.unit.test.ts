import { oceanResult } from '@tradelog/projections/tracking/answers';
import { trackingChangeData } from '@tradelog/projections/tracking/changeData';
import { examples } from '@tradelog/schemas/documents/examples';
import { describe, expect, it } from 'vitest';
import type { DocumentEvent } from '../documents/event.ts';
import { documentLog } from '../documents/testing.ts';
import { reduceTracking, type TrackingState } from './reducer.ts';

type Doc = Record<string, unknown>;

function given(events: DocumentEvent[], state: TrackingState = new Map()): TrackingState {
  return events.reduce<TrackingState>((current, event) => reduceTracking(current, event).state, state);
}

const fromPartner = (event: DocumentEvent, partnerId: string): DocumentEvent => ({
  ...event,
  provenance: { ...event.provenance, partnerId },
});

const parcel = 'express/SF/SF1425367689012';
const trace = (acceptTime: string, acceptStation: string, action?: string, location?: string) => ({
  acceptTime,
  acceptStation,
  ...(action ? { action } : {}),
  ...(location ? { location } : {}),
});
const express = (traces: Doc[], extra: Doc = {}): Doc => ({
  shipperCode: 'SF',
  logisticCode: 'SF1425367689012',
  traces,
  ...extra,
});
const collected = trace('2024-03-12 18:20:41', '已收取快件', '1', '深圳市');
const transfer = trace('2024-03-12 23:05:10', '到达【深圳华南陆运枢纽】', '204', '深圳市');
const outForDelivery = trace('2024-03-14 08:12:55', '派送途中', '202', '上海市');
const signed = trace('2024-03-14 11:40:03', '已签收，签收人：本人', '301', '上海市');

describe('express tracking', () => {
  it('given nothing, when a report arrives, then the state is the latest trace’s and one change is published', () => {
    const log = documentLog();
    const { state, changes } = reduceTracking(new Map(), log('expressTrace', express([collected, transfer])));
    const item = state.get(parcel)!;
    expect(item.derived).toEqual({ status: '2', statusEx: '204', location: '深圳市' });
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ projection: 'tracking', kind: 'express.traces', subject: parcel });
    expect(changes[0]!.data).toMatchObject({ state: '2', stateEx: '204', shipperCode: 'SF' });
    expect((changes[0]!.data.traces as Doc[]).map((t) => t.action)).toEqual(['1', '204']);
    expect(item.lastEventId).toBe(changes[0]!.eventId);
  });

  it('given an SF parcel, when its report names phone digits, then the change carries them for the push processor’s customerName check', () => {
    const log = documentLog();
    const withTail = reduceTracking(
      new Map(),
      log('expressTrace', express([collected], { receiverPhoneTail: '5678', senderPhoneTail: '1234' })),
    );
    expect(withTail.changes[0]!.data.customerNames).toEqual(['5678', '1234']);
    // No digits from the carrier: an empty list, which no customerName matches.
    const withoutTail = reduceTracking(new Map(), log('expressTrace', express([collected])));
    expect(withoutTail.changes[0]!.data.customerNames).toEqual([]);
    // A carrier without a rule carries none.
    const yto = reduceTracking(new Map(), log('expressTrace', express([collected], { shipperCode: 'YTO' })));
    expect(yto.changes[0]!.data).not.toHaveProperty('customerNames');
  });

  it('given a tracked item, when the query API queues its first push from the stored item, then it carries what the change event carried', () => {
    const log = documentLog();
    const reduced = reduceTracking(
      new Map(),
      log('expressTrace', express([collected], { receiverPhoneTail: '5678', senderPhoneTail: '1234' })),
    );
    const [item] = reduced.state.values();
    expect(trackingChangeData(item!)).toEqual(reduced.changes[0]!.data);
  });

  it('given later traces, when an earlier trace arrives late, then it takes its place in event time and the state does not go back', () => {
    const log = documentLog();
    const state = given([log('expressTrace', express([outForDelivery]))]);
    const { state: next, changes } = reduceTracking(state, log('expressTrace', express([collected])));
    const item = next.get(parcel)!;
    expect(item.events.map((event) => event.fields.action)).toEqual(['1', '202']);
    expect(item.derived.status).toBe('2');
    expect(item.derived.statusEx).toBe('202');
    expect(changes).toHaveLength(1);
  });

  it('given a report, when the same content or the same record comes again, then nothing changes (same state object)', () => {
    const log = documentLog();
    const first = log('expressTrace', express([collected]));
    const state = given([first]);
    const again = log('expressTrace', express([collected]));
    expect(reduceTracking(state, again)).toEqual({ state, changes: [] });
    expect(reduceTracking(state, first).state).toBe(state);
  });

  it('given traces, when a report repeats them with one new trace, then each trace is kept once', () => {
    const log = documentLog();
    const state = given([log('expressTrace', express([collected, transfer]))]);
    const next = given(
      [log('expressTrace', express([collected, transfer, outForDelivery], { state: '2' }))],
      state,
    );
    expect(next.get(parcel)!.events).toHaveLength(3);
  });

  // §4 "Subscription flow": after the first push, a push follows whenever data changes; §9's
  // "then stops" is about the retries of one failed push, not the pushes of a signed parcel.
  describe('after the first signed state (§4)', () => {
    const signedParcel = (log: ReturnType<typeof documentLog>) =>
      given([
        log('expressTrace', express([collected, outForDelivery])),
        log('expressTrace', express([signed])),
      ]);

    it('given a parcel out for delivery, when it is signed, then state 3 is published', () => {
      const log = documentLog();
      const state = given([log('expressTrace', express([collected, outForDelivery]))]);
      const { changes } = reduceTracking(state, log('expressTrace', express([signed])));
      expect(changes.map((change) => [change.data.state, change.data.stateEx])).toEqual([['3', '301']]);
    });

    it('given a signed parcel, when it is returned and the return is signed (406), then the return is published', () => {
      const log = documentLog();
      const state = signedParcel(log);
      const returned = trace('2024-03-15 09:30:00', '退件已签收', '406', '深圳市');
      const { state: next, changes } = reduceTracking(state, log('expressTrace', express([returned])));
      expect(changes.map((change) => [change.data.state, change.data.stateEx])).toEqual([['4', '406']]);
      expect(next.get(parcel)!.lastEventId).toBe(changes[0]!.eventId);
    });

    it('given a signed parcel, when a return is not signed (407), then it is published', () => {
      const log = documentLog();
      const notSigned = trace('2024-03-15 09:30:00', '退件未签收', '407', '深圳市');
      const { changes } = reduceTracking(signedParcel(log), log('expressTrace', express([notSigned])));
      expect(changes.map((change) => [change.data.state, change.data.stateEx])).toEqual([['4', '407']]);
    });

    it('given a signed parcel that then had a problem, when it is signed again after the exception (302), then the re-sign is published', () => {
      const log = documentLog();
      const problem = trace('2024-03-14 15:00:00', '派件异常', '405', '上海市');
      const state = given([log('expressTrace', express([problem]))], signedParcel(log));
      const reSigned = trace('2024-03-15 10:00:00', '异常件已签收', '302', '上海市');
      const { changes } = reduceTracking(state, log('expressTrace', express([reSigned])));
      expect(changes.map((change) => [change.data.state, change.data.stateEx])).toEqual([['3', '302']]);
    });

    it('given a signed parcel, when a trace without an action arrives, then the new trace is published with the state unchanged', () => {
      const log = documentLog();
      const rated = trace('2024-03-14 12:00:00', '客户评价已完成');
      const { state, changes } = reduceTracking(signedParcel(log), log('expressTrace', express([rated])));
      expect(changes).toHaveLength(1);
      expect(changes[0]!.data).toMatchObject({ state: '3', stateEx: '301' });
      expect(state.get(parcel)!.events).toHaveLength(4);
    });

    it('given a signed parcel, when the same report comes again, then nothing is published', () => {
      const log = documentLog();
      const state = signedParcel(log);
      expect(reduceTracking(state, log('expressTrace', express([signed]))).changes).toEqual([]);
    });
  });

  it('given a report without traces or state, then the parcel has no trace (state 0); with a stated state, that one', () => {
    const log = documentLog();
    expect(given([log('expressTrace', express([]))]).get(parcel)!.derived.status).toBe('0');
    expect(given([log('expressTrace', express([], { state: '10' }))]).get(parcel)!.derived.status).toBe('10');
  });

  it('keeps the provenance of every trace', () => {
    const log = documentLog();
    const first = log('expressTrace', express([collected]));
    const second = fromPartner(log('expressTrace', express([transfer])), 'integrator-2');
    const item = given([first, second]).get(parcel)!;
    expect(item.events.map((event) => [event.provenance.documentId, event.provenance.partnerId])).toEqual([
      [first.provenance.documentId, 'partner-1'],
      [second.provenance.documentId, 'integrator-2'],
    ]);
    expect(item.reports).toHaveLength(2);
  });
});

const bill = 'ocean/bill/COSU6287451230';
const oceanEvent = (eventCode: string, eventTime: string, isEsti: 'N' | 'Y', portCode: string) => ({
  containerNo: 'CSNU6184570',
  eventCode,
  eventTime,
  isEsti,
  portCode,
});
const ocean = (source: '0' | '1', events: Doc[], extra: Doc = {}): Doc => ({
  billNo: 'COSU6287451230',
  source,
  containers: [{ containerNo: 'CSNU6184570' }],
  events,
  ...extra,
});

describe('ocean tracking', () => {
  it('given a carrier’s estimate, when the port reports the actual, then the actual replaces it and becomes the current status with its source', () => {
    const log = documentLog();
    const carrier = fromPartner(
      log(
        'oceanContainerEvent',
        ocean('1', [
          oceanEvent('LOBD', '2024-03-01 15:20:00', 'N', 'JPTYO'),
          oceanEvent('DSCH', '2024-03-05 09:00:00', 'Y', 'CNSHK'),
        ]),
      ),
      'cosco',
    );
    const port = fromPartner(
      log('oceanContainerEvent', ocean('0', [oceanEvent('DSCH', '2024-03-05 10:15:00', 'N', 'CNSHK')])),
      'shekou-port',
    );
    const { state, changes } = reduceTracking(given([carrier]), port);
    const item = state.get(bill)!;
    expect(
      item.events.map((event) => [event.fields.eventCode, event.estimated, event.provenance.source]),
    ).toEqual([
      ['LOBD', false, '1'],
      ['DSCH', false, '0'],
    ]);
    const result = changes[0]!.data.result as Doc;
    expect(result.currentStatus).toMatchObject({ eventCode: 'DSCH', isEsti: 'N', source: '0' });
    expect(changes[0]!.data.matchKeys).toEqual(['ocean/container/CSNU6184570']);

    const staleEstimate = fromPartner(
      log('oceanContainerEvent', ocean('1', [oceanEvent('DSCH', '2024-03-05 11:00:00', 'Y', 'CNSHK')])),
      'cosco',
    );
    const after = reduceTracking(state, staleEstimate);
    expect(after.state.get(bill)!.events).toBe(item.events);
    expect(after.changes).toEqual([]);
  });

  it('given another source’s actual, a differing actual does not overwrite it; the same source’s correction does', () => {
    const log = documentLog();
    const port = fromPartner(
      log('oceanContainerEvent', ocean('0', [oceanEvent('DSCH', '2024-03-05 10:15:00', 'N', 'CNSHK')])),
      'port',
    );
    const carrier = fromPartner(
      log('oceanContainerEvent', ocean('1', [oceanEvent('DSCH', '2024-03-05 10:20:00', 'N', 'CNSHK')])),
      'carrier',
    );
    const correction = fromPartner(
      log('oceanContainerEvent', ocean('0', [oceanEvent('DSCH', '2024-03-05 10:05:00', 'N', 'CNSHK')])),
      'port',
    );
    const afterCarrier = given([port, carrier]).get(bill)!;
    expect(afterCarrier.events.map((event) => event.fields.eventTime)).toEqual(['2024-03-05 10:15:00']);
    const afterCorrection = given([port, carrier, correction]).get(bill)!;
    expect(afterCorrection.events.map((event) => event.fields.eventTime)).toEqual(['2024-03-05 10:05:00']);
  });

  it('derives statusCategory: NODATA as said, PROCESS once events arrive, COMPLETE for good', () => {
    const log = documentLog();
    const noData = log('oceanContainerEvent', ocean('1', [], { statusCategory: 'NODATA', containers: [] }));
    expect(given([noData]).get(bill)!.derived.status).toBe('NODATA');
    const data = log(
      'oceanContainerEvent',
      ocean('1', [oceanEvent('LOBD', '2024-03-01 15:20:00', 'N', 'JPTYO')]),
    );
    expect(given([noData, data]).get(bill)!.derived.status).toBe('PROCESS');
    const complete = log(
      'oceanContainerEvent',
      ocean('1', [], { statusCategory: 'COMPLETE', endTime: '2024-03-08 10:00:00' }),
    );
    const ended = given([noData, data, complete]).get(bill)!;
    expect(ended.derived).toMatchObject({ status: 'COMPLETE', endedAt: '2024-03-08 10:00:00' });
    const late = log('oceanContainerEvent', ocean('0', [], { statusCategory: 'PROCESS' }));
    expect(given([noData, data, complete, late]).get(bill)!.derived.status).toBe('COMPLETE');
    const abnormal = log('oceanContainerEvent', ocean('1', [], { statusCategory: 'ABNORMAL' }));
    expect(given([abnormal]).get(bill)!.derived.status).toBe('ABNORMAL');
  });

  it('given a port area’s report, then its events carry the report’s portCode and isExport; a carrier’s do not', () => {
    const log = documentLog();
    const { eventPlace: _place, ...withoutPort } = {
      ...oceanEvent('GITM', '2024-03-01 08:00:00', 'N', 'X'),
      eventPlace: 'Shekou',
    };
    const { portCode: _portCode, ...gateIn } = withoutPort;
    const port = log('oceanContainerEvent', ocean('0', [gateIn], { portCode: 'CNSHK', isExport: 'E' }));
    const carrier = log(
      'oceanContainerEvent',
      ocean('1', [oceanEvent('LOBD', '2024-03-02 15:20:00', 'N', 'CNSHK')], { isExport: 'E' }),
    );
    const { changes } = reduceTracking(given([carrier]), port);
    const [container] = (changes[0]!.data.result as { containers: { status: Doc[] }[] }).containers;
    expect(container!.status.map((s) => [s.eventCode, s.source, s.portCode, s.isExport])).toEqual([
      ['GITM', '0', 'CNSHK', 'E'],
      ['LOBD', '1', 'CNSHK', undefined],
    ]);
  });

  it('given a bill of two containers, when one container changes, then only the bill’s key and that container’s are pushed (rule 6)', () => {
    const log = documentLog();
    const sibling = 'CSNU6184571';
    const two = (events: Doc[]) =>
      log(
        'oceanContainerEvent',
        ocean('1', events, { containers: [{ containerNo: 'CSNU6184570' }, { containerNo: sibling }] }),
      );
    const first = reduceTracking(new Map(), two([oceanEvent('LOBD', '2024-03-01 15:20:00', 'N', 'JPTYO')]));
    expect(first.changes[0]!.data.pushKeys).toEqual([
      bill,
      'ocean/container/CSNU6184570',
      `ocean/container/${sibling}`,
    ]);
    const siblingMoved = two([
      { ...oceanEvent('LOBD', '2024-03-01 16:00:00', 'N', 'JPTYO'), containerNo: sibling },
    ]);
    const { state, changes } = reduceTracking(first.state, siblingMoved);
    expect(changes[0]!.data.pushKeys).toEqual([bill, `ocean/container/${sibling}`]);
    expect(changes[0]!.data.matchKeys).toEqual(['ocean/container/CSNU6184570', `ocean/container/${sibling}`]);
    // The history every subscription's answer is rendered from: the events with their source only.
    const history = changes[0]!.data.history as { events: Doc[] };
    expect(history.events.map((event) => [event.fields, event.provenance])).toEqual(
      state.get(bill)!.events.map((event) => [event.fields, { source: '1' }]),
    );
  });

  it('given a bill-level event (no container) that alters only a container’s current status, then that container’s key alone is pushed', () => {
    const log = documentLog();
    // C1 has only an estimate; the bill's current status is C2's actual loading.
    const start = log(
      'oceanContainerEvent',
      ocean('1', [
        oceanEvent('DSCH', '2024-03-09 09:00:00', 'Y', 'NLRTM'),
        { ...oceanEvent('LOBD', '2024-03-02 15:20:00', 'N', 'JPTYO'), containerNo: 'CSNU6184571' },
      ]),
    );
    const { containerNo: _none, ...billLevel } = oceanEvent('DLPT', '2024-03-08 09:00:00', 'Y', 'NLRTM');
    const { changes } = reduceTracking(given([start]), log('oceanContainerEvent', ocean('1', [billLevel])));
    // The bill's current status stays C2's actual; C1, with no actual, now shows the earlier bill-level estimate.
    expect(changes[0]!.data.pushKeys).toEqual(['ocean/container/CSNU6184570']);
  });

  it('given a seeded random stream, then the pushed keys are those whose rendered answer changed, by bill and by container', () => {
    let seed = 41;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const numbers = ['CSNU6184570', 'CSNU6184571', 'CSNU6184572', 'CSNU6184573'];
    const codes = ['GITM', 'LOBD', 'DSCH', 'GTOT'];
    const log = documentLog();
    let state: TrackingState = new Map();
    for (let step = 0; step < 200; step++) {
      const events = Array.from({ length: 1 + next(3) }, () => {
        const event: Doc = {
          eventCode: codes[next(codes.length)],
          eventTime: `2024-03-0${1 + next(9)} 0${next(10)}:00:00`,
          isEsti: next(3) === 0 ? 'Y' : 'N',
          portCode: next(2) === 0 ? 'CNSHA' : 'NLRTM',
        };
        // Now and then an event of no container, which enters every container's current status.
        if (next(6) !== 0) event.containerNo = numbers[next(numbers.length)];
        return event;
      });
      const extra: Doc = next(4) === 0 ? { routes: [{ route: 1 + next(3) }] } : {};
      const before = state.get(bill);
      const reduced = reduceTracking(
        state,
        log('oceanContainerEvent', { billNo: 'COSU6287451230', source: String(next(2)), events, ...extra }),
      );
      state = reduced.state;
      const after = state.get(bill)!;
      const naive = [after.subject, ...after.aliases].filter((key) => {
        const containerNo = key.startsWith('ocean/container/')
          ? key.slice('ocean/container/'.length)
          : undefined;
        return (
          before === undefined ||
          JSON.stringify(oceanResult(before, containerNo)) !== JSON.stringify(oceanResult(after, containerNo))
        );
      });
      expect(reduced.changes[0]?.data.pushKeys ?? [], `step ${step}`).toEqual(naive);
    }
  });

  it('reads the catalogue example as a bill with one container in progress', () => {
    const item = given([
      documentLog()('oceanContainerEvent', examples.oceanContainerEvent as unknown as Doc),
    ]).get(bill)!;
    expect(item.derived.status).toBe('PROCESS');
    expect(item.derived.currentEvent?.fields.eventCode).toBe('LOBD');
    expect(item.aliases).toEqual(['ocean/container/CSNU6184570']);
  });
});

describe('air tracking', () => {
  const waybill = 'air/78412345675';
  it('is in progress until the cargo is delivered (DLV), then COMPLETE for good', () => {
    const log = documentLog();
    const start = log('airCargoEvent', examples.airCargoEvent as unknown as Doc);
    expect(given([start]).get(waybill)!.derived.status).toBe('PROCESS');
    const delivered = log('airCargoEvent', {
      businessNumber: '78412345675',
      equipmentEvents: [{ eventCode: 'DLV', eventTime: '2024-03-05 16:00:00' }],
    });
    const { state, changes } = reduceTracking(given([start]), delivered);
    expect(state.get(waybill)!.derived).toEqual({ status: 'COMPLETE', endedAt: '2024-03-05T08:00:00.000Z' });
    expect(changes.map((change) => change.kind)).toEqual(['air.status']);
    const late = log('airCargoEvent', { businessNumber: '78412345675', status: 'PROCESS' });
    expect(given([late], state).get(waybill)!.derived.status).toBe('COMPLETE');
  });
});

describe('terminal tracking', () => {
  const shipment = 'terminal/COSU6287451230/CNSHK/I';
  const gateOut = (eventClassifier: 'ACT' | 'EST', eventTime: string) => ({
    businessNumber: 'COSU6287451230',
    portCode: 'CNSHK',
    ieid: 'I',
    equipmentEvents: [
      {
        eventClassifier,
        equipmentEventCategory: 'GTOT',
        equipment: { equipmentCode: 'CSNU6184570' },
        eventTime,
      },
    ],
  });

  it('completes an import at the actual gate-out, not at an estimated one', () => {
    const log = documentLog();
    const start = log('terminalEvent', examples.terminalEvent as unknown as Doc);
    const estimate = log('terminalEvent', gateOut('EST', '2024-03-07 09:00:00'));
    expect(given([start, estimate]).get(shipment)!.derived.status).toBe('PROCESS');
    const actual = log('terminalEvent', gateOut('ACT', '2024-03-07 10:30:00'));
    const { state, changes } = reduceTracking(given([start, estimate]), actual);
    const item = state.get(shipment)!;
    expect(item.derived.status).toBe('COMPLETE');
    expect(item.events.filter((event) => event.fields.equipmentEventCategory === 'GTOT')).toHaveLength(1);
    expect(changes[0]!.kind).toBe('terminal.status');
    const answered = (changes[0]!.data.result as { shipment: Doc }).shipment;
    expect(answered.status).toBe('COMPLETE');
    // §3 event fields: eventCategory names the list each event is in.
    const categories = (list: string) => new Set((answered[list] as Doc[]).map((e) => e.eventCategory));
    expect(categories('equipmentEvents')).toEqual(new Set(['EQUIPMENT']));
    expect(categories('transportEvents')).toEqual(new Set(['TRANSPORT']));
  });

  it('ignores records of other types', () => {
    const state: TrackingState = new Map();
    expect(reduceTracking(state, documentLog()('purchase', { entOrderNo: 'PO1' })).state).toBe(state);
  });
});

describe('tracking, rule 8 (an operator retry of a dead letter)', () => {
  it('given a parcel, when an older report is retried, then it adds only the events the item lacks and replaces no fact', () => {
    const log = documentLog();
    const older = log('expressTrace', express([collected], { courierPhone: '13800000000' }), { offset: 1 });
    const newer = log('expressTrace', express([transfer], { courierPhone: '13900000000' }), { offset: 2 });
    const state = given([newer]);

    const { state: next, superseded } = reduceTracking(state, older);

    const item = next.get(parcel)!;
    expect(superseded).toBeUndefined();
    expect(item.facts.courierPhone).toBe('13900000000');
    expect(item.events.map((event) => event.fields.acceptStation)).toEqual([
      collected.acceptStation,
      transfer.acceptStation,
    ]);
  });

  it('given a parcel holding everything an older report says, when it is retried, then nothing changes and it is superseded', () => {
    const log = documentLog();
    const older = log('expressTrace', express([collected], { courierPhone: '13800000000' }), { offset: 1 });
    const newer = log('expressTrace', express([collected, transfer], { courierPhone: '13900000000' }), {
      offset: 2,
    });
    const state = given([newer]);

    expect(reduceTracking(state, older)).toEqual({ state, changes: [], superseded: true });
  });
});
