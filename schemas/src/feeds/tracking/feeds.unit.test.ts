import { describe, expect, it } from 'vitest';
import { documentType } from '../../documents/catalogue.ts';
import { examples } from '../../documents/examples.ts';
import { removed, withChanges } from '../../documents/testing.ts';
import { createDocumentValidators } from '../../documents/validator.ts';
import type { TrackingFeedId } from './catalogue.ts';
import { containerNodeCodes, expressStateExes, problemReasonsListed } from './codes.ts';

const validate = createDocumentValidators();

describe('tracking feeds in the catalogue', () => {
  it('serve /api/v2/feed/tracking/<family>, each on its own topic kept forever, keyed by the tracked item', () => {
    expect(
      (['expressTrace', 'airCargoEvent', 'oceanContainerEvent', 'terminalEvent'] as const).map((id) => {
        const type = documentType(id);
        return [type.path, type.topic, type.keyField, type.group, type.retention];
      }),
    ).toEqual([
      [
        '/api/v2/feed/tracking/express',
        'tradelog.feed.expressTrace.v1',
        'logisticCode',
        'tracking',
        'forever',
      ],
      [
        '/api/v2/feed/tracking/air',
        'tradelog.feed.airCargoEvent.v1',
        'businessNumber',
        'tracking',
        'forever',
      ],
      [
        '/api/v2/feed/tracking/ocean',
        'tradelog.feed.oceanContainerEvent.v1',
        'billNo',
        'tracking',
        'forever',
      ],
      [
        '/api/v2/feed/tracking/terminal',
        'tradelog.feed.terminalEvent.v1',
        'businessNumber',
        'tracking',
        'forever',
      ],
    ]);
  });
});

describe('§4 enumerations', () => {
  const refused = (
    id: 'expressTrace' | 'airCargoEvent' | 'oceanContainerEvent' | 'terminalEvent',
    path: string,
    value: unknown,
  ) => validate[id](withChanges(examples[id], { [path]: value }));

  it.each([
    ['expressTrace', 'state', '7'],
    ['expressTrace', 'stateEx', '203'],
    ['expressTrace', 'traces.0.action', '424'],
    ['airCargoEvent', 'status', 'DONE'],
    ['airCargoEvent', 'equipmentEvents.0.eventCode', 'UNKNOWN'],
    ['airCargoEvent', 'transportEvents.0.eventCode', 'LND'],
    ['airCargoEvent', 'shipmentEvents.0.eventCode', 'DLV'],
    ['airCargoEvent', 'shipmentLocations.0.locationCategory', 'POL'],
    ['oceanContainerEvent', 'statusCategory', 'START'],
    ['oceanContainerEvent', 'source', '2'],
    ['oceanContainerEvent', 'events.0.eventCode', 'GTIN'],
    ['oceanContainerEvent', 'events.0.isEsti', 'E'],
    ['terminalEvent', 'ieid', 'X'],
    ['terminalEvent', 'status', 'START'],
    ['terminalEvent', 'equipmentEvents.0.eventClassifier', 'PLN'],
    ['terminalEvent', 'equipmentEvents.0.equipmentEventCategory', 'LOBD'],
    ['terminalEvent', 'equipmentEvents.0.equipmentIndicator', 'FULL'],
    ['terminalEvent', 'transportEvents.0.transportEventCategory', 'ARR'],
    ['terminalEvent', 'shipmentLocations.0.locationCategory', 'PRE'],
  ] as const)('%s refuses %s = %s, naming the allowed codes in both languages', (id, path, value) => {
    const issues = refused(id, path, value);
    expect(issues.map((issue) => issue.rule)).toEqual(['enum']);
    expect(issues[0]!.message.cn).toMatch(/[\u4e00-\u9fff]/);
    expect(issues[0]!.message.en.length).toBeGreaterThan(10);
  });

  it('names the allowed express codes with their meanings', () => {
    const [issue] = refused('expressTrace', 'stateEx', '203');
    expect(issue!.message.en).toContain('201');
    expect(issue!.message.en).toContain('out for delivery');
    expect(issue!.message.cn).toContain('派件中');
  });

  it('accepts every express extended code 401–423 and every container node code', () => {
    for (const code of Object.keys(expressStateExes))
      expect(refused('expressTrace', 'traces.0.action', code)).toEqual([]);
    for (const code of containerNodeCodes)
      expect(refused('oceanContainerEvent', 'events.0.eventCode', code)).toEqual([]);
    expect(Object.keys(expressStateExes)).toContain('423');
  });

  it('labels no problem code 401–423 with a reason, since §4 does not map them', () => {
    const labels = Array.from({ length: 23 }, (_, i) => expressStateExes[String(401 + i)]![1]);
    expect(new Set(labels)).toEqual(
      new Set(['problem item (which reason a code stands for is not shown in the spec)']),
    );
    expect(problemReasonsListed.map(([, en]) => en)).toContain('out of area');
  });
});

describe('feed fields', () => {
  it('needs the tracked item: express carrier and number, air waybill, ocean bill and source, terminal business number, port and ieid', () => {
    const missing = (id: TrackingFeedId, field: string) =>
      validate[id](withChanges(examples[id], { [field]: removed })).map((issue) => issue.rule);
    expect(missing('expressTrace', 'shipperCode')).toEqual(['required']);
    expect(missing('expressTrace', 'logisticCode')).toEqual(['required']);
    expect(missing('airCargoEvent', 'businessNumber')).toEqual(['required']);
    expect(missing('oceanContainerEvent', 'source')).toEqual(['required']);
    expect(missing('terminalEvent', 'ieid')).toEqual(['required']);
  });

  it('takes the air waybill without the hyphen, container numbers as ISO 6346, phone tails as four digits', () => {
    expect(
      validate.airCargoEvent(withChanges(examples.airCargoEvent, { businessNumber: '784-12345675' })),
    ).not.toEqual([]);
    expect(
      validate.oceanContainerEvent(
        withChanges(examples.oceanContainerEvent, { 'containers.0.containerNo': 'csnu6184570' }),
      ),
    ).not.toEqual([]);
    expect(
      validate.expressTrace(withChanges(examples.expressTrace, { receiverPhoneTail: '56789' })),
    ).not.toEqual([]);
  });
});
