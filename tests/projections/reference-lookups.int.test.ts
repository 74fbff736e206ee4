import type { AddressInfo } from 'node:net';
import { migrate } from '@tradelog/projections/migrate';
import { TradelogError } from '@tradelog/schemas';
import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { referenceFeedExamples as feeds } from '@tradelog/schemas/feeds/reference/examples';
import { createCallLimits } from '@tradelog/schemas/kit/runtime/callLimits';
import { createLogger } from '@tradelog/schemas/kit/runtime/log';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../query-api/src/app.ts';
import { parseQueryApiConfig } from '../../query-api/src/config.ts';
import { createCallLimit } from '../../query-api/src/http/callLimit.ts';
import { createProjectionRoutes } from '../../query-api/src/lenders/routes.ts';
import { createTestApiKey } from '../harness/apiKeys.ts';
import { createTestSchema, quietLogger, testServices, uniqueName } from '../harness/index.ts';
import { type IngestUnderTest, startIngestUnderTest } from '../harness/ingestUnderTest.ts';
import { endOffsetsOf, waitForProjectionsToApply } from '../harness/projectionsApplied.ts';
import { type ProjectionsUnderTest, startProjectionsUnderTest } from '../harness/projectionsUnderTest.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field with expect
type Json = any;

// Reference feeds submitted through ingest, projected, and looked up through the real query-api
// app in each family's own convention; every §5 rule refused naming the field (issue "Must show").
describe('reference look-ups over feeds submitted through ingest', () => {
  const services = testServices();
  const owner = feeds.transportBillFeed.customerCode;
  let db: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let ingest: IngestUnderTest;
  let running: ProjectionsUnderTest | undefined;
  let server: ReturnType<ReturnType<typeof createApp>['listen']>;
  let base = '';
  const keys = { partner: '', lender: '', otherLender: '', operator: '', subscriber: '' };
  const referenceTypes = documentTypes.filter((type) => type.group === 'reference');
  const topicOf = (id: string) => ingest.topicOf(documentTypes.find((type) => type.id === id)!);

  const submit = async (id: string, document: unknown) => {
    const response = await fetch(`${ingest.url}/api/v2/feed/reference/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.partner}` },
      body: JSON.stringify(document),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  beforeAll(async () => {
    db = await createTestSchema(services.databaseUrl, 'ref');
    await migrate(db.databaseUrl, { schema: db.schema, logger: quietLogger });
    pool = new pg.Pool({ connectionString: db.databaseUrl, max: 8 });
    const key = async (
      kind: 'partner' | 'lender' | 'operator' | 'subscriber',
      ownerId: string,
      enterprises: string[],
    ) => (await createTestApiKey(pool, kind, { ownerId, enterprises })).key;
    // The bill feed names its cargo owner: the forwarder is granted that enterprise (ingest's grant check).
    keys.partner = await key('partner', 'ais-network', [owner]);
    keys.lender = await key('lender', 'bank', [owner]);
    keys.otherLender = await key('lender', 'other-bank', ['91110000OTHER00001']);
    keys.operator = await key('operator', 'ops', []);
    keys.subscriber = await key('subscriber', 'forwarder', []);
    ingest = await startIngestUnderTest({
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      keysDatabaseUrl: db.databaseUrl,
      topicSuffix: uniqueName('ref'),
      logger: quietLogger,
    });
    running = await startProjectionsUnderTest({
      brokers: services.kafkaBrokers,
      schemaRegistryUrl: services.schemaRegistryUrl,
      pool,
      namespace: db.schema,
      topicOf,
      logger: quietLogger,
      clientId: uniqueName('ref-processors'),
      only: ['reference'],
    });
    const logger = createLogger({ service: 'test' }, { write: () => {} });
    // The real limits of config.ts (flights: 60 per 10 s per caller, §9), counted in Postgres.
    const config = parseQueryApiConfig({ DATABASE_URL: services.databaseUrl });
    const callLimit = createCallLimit({
      keyed: createCallLimits({ table: config.callLimits, store: pool, prefix: uniqueName('ref') }),
      public: createCallLimits({ table: config.callLimits, store: pool, prefix: uniqueName('ref') }),
    });
    const app = createApp({
      logger,
      content: {
        pool,
        clock: { now: () => 0 },
        logger,
        product: 'tradelog',
        sendSms: async () => {
          throw new TradelogError('SMS_UNAVAILABLE', 'no gateway', { status: 503 });
        },
      },
      routers: [createProjectionRoutes({ pool, namespace: db.schema, callLimit })],
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    // The providers' feeds: every example, plus a later AIS report, a stale one, a second
    // flight, and a truck's reports over 30 hours.
    const submissions: [string, unknown][] = [
      ...referenceTypes.map(
        (type) => [type.id, (feeds as Record<string, unknown>)[type.id]] as [string, unknown],
      ),
      ['aisPositionFeed', { ...feeds.aisPositionFeed, updateTime: '2024-03-04 22:10:00', sog: 5120 }],
      ['aisPositionFeed', { ...feeds.aisPositionFeed, updateTime: '2024-03-04 20:00:00', sog: 9999 }],
      [
        'flightFeed',
        {
          ...feeds.flightFeed,
          flightId: 'CSS3293-20240305-ZSPD',
          aircraftRegistration: 'B-2089',
          departure: { ...feeds.flightFeed.departure, scheduledTime: '2024-03-05T14:05:00Z' },
          arrival: { ...feeds.flightFeed.arrival, scheduledTime: '2024-03-05T16:30:00Z' },
          status: 'SCHEDULED',
        },
      ],
      ['truckPositionFeed', { ...feeds.truckPositionFeed, utc: '2024-03-04 09:00:00', adr: '东莞' }],
      ['truckPositionFeed', { ...feeds.truckPositionFeed, utc: '2024-03-05 09:00:00', adr: '宝安' }],
      ['vesselPlanFeed', { ...feeds.vesselPlanFeed, portCode: 'CNNGB', ivoyage: '040E', evoyage: '041W' }],
    ];
    for (const [id, document] of submissions) {
      const { status, body } = await submit(id, document);
      expect(status, `${id}: ${JSON.stringify(body)}`).toBe(200);
    }
    await waitForProjectionsToApply(
      pool,
      await endOffsetsOf(
        services.kafkaBrokers,
        referenceTypes.map((type) => ingest.topicOf(type)),
      ),
      { projections: ['reference'], topicOf },
    );
  });

  afterAll(async () => {
    await running?.stop();
    server?.close();
    await ingest?.close();
    const { rows } = await pool.query('SELECT nspname FROM pg_namespace WHERE nspname LIKE $1', [
      `${db.schema}\\_%`,
    ]);
    for (const row of rows) await pool.query(`DROP SCHEMA IF EXISTS "${row.nspname}" CASCADE`);
    await pool?.end();
    await db?.drop();
  });

  const call = async (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    options: {
      key?: string;
      raw?: string | FormData | URLSearchParams;
      headers?: Record<string, string>;
    } = {},
  ) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.key === '' ? {} : { authorization: `Bearer ${options.key ?? keys.lender}` }),
        'accept-language': 'en',
        ...options.headers,
      },
      ...(options.raw !== undefined
        ? { body: options.raw }
        : body === undefined
          ? {}
          : { body: JSON.stringify(body) }),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Json };
  };
  const refusedFields = (body: Json) => (body.errors as { path: string }[]).map((issue) => issue.path);

  it('refuses a feed document that breaks its schema, naming the field (ingest)', async () => {
    const { status, body } = await submit('aisPositionFeed', { ...feeds.aisPositionFeed, lat: 91_000_000 });
    expect(status).toBe(400);
    expect(refusedFields(body)).toEqual(['lat']);
    const flight = await submit('flightFeed', { ...feeds.flightFeed, status: 'DIVERTED' });
    expect(refusedFields(flight.body)).toEqual(['status']);
    expect(flight.body.errors[0].message).toContain('SCHEDULED');
  });

  it('vessel archive: GET /5666666 by any of mmsi, imo, English name or call sign, and as a multipart or urlencoded form; statusCode 20000', async () => {
    for (const query of ['mmsi=477266900', 'imo=9783526', 'vesselNameEn=cosco%20aries', 'callsign=vrqr6']) {
      const { status, body } = await call('GET', `/5666666?${query}`);
      expect([status, body.statusCode, body.data.length], query).toEqual([200, 20000, 1]);
      expect(body.data[0]).toMatchObject({
        shipId: 'SHIP-477266900',
        vesselNameEn: 'COSCO ARIES',
        length: 399.8,
        carrier: 'COSCO',
      });
    }
    const form = new FormData();
    form.set('imo', '9783526');
    const multipart = await call('POST', '/5666666', undefined, { raw: form });
    expect([multipart.status, multipart.body.statusCode, multipart.body.data[0].mmsi]).toEqual([
      200,
      20000,
      '477266900',
    ]);
    const urlencoded = await call('POST', '/5666666', undefined, {
      raw: new URLSearchParams({ callsign: 'VRQR6' }),
    });
    expect(urlencoded.body.data[0].imo).toBe('9783526');
    const fileField = new FormData();
    fileField.set('mmsi', new Blob(['477266900']), 'mmsi.txt');
    const file = await call('POST', '/5666666', undefined, { raw: fileField });
    expect([file.status, file.body.statusCode, file.body.message]).toEqual([
      400,
      40000,
      'mmsi must be a text field, not a file',
    ]);
    const nobody = await call('GET', '/5666666?mmsi=477266999');
    expect([nobody.body.statusCode, nobody.body.data]).toEqual([20000, []]);
  });

  it('vessel archive: refuses a request without mmsi, imo, vesselNameEn or callsign (statusCode 40000, fields named)', async () => {
    const { status, body } = await call('GET', '/5666666');
    expect([status, body.status, body.statusCode]).toEqual([400, 400, 40000]);
    expect(refusedFields(body)).toEqual(['mmsi|imo|vesselNameEn|callsign']);
    expect(body.message).toContain('mmsi');
  });

  it('AIS: the latest report by updateTime, in the spec units exactly; mmsi required', async () => {
    const { status, body } = await call('GET', '/open/freightower/vessel/detail?mmsi=477266900');
    expect([status, body.flag, body.code]).toEqual([200, 'success', '200']);
    expect(body.data).toMatchObject({
      length: 3998,
      breadth: 586,
      draught: 14200,
      sog: 5120,
      cog: 23450,
      hdg: 23500,
      lat: 22385120,
      lon: 114126430,
      updateTime: '2024-03-04 22:10:00',
      nameEn: 'COSCO ARIES',
    });
    const missing = await call('GET', '/open/freightower/vessel/detail');
    expect([missing.status, missing.body.flag, refusedFields(missing.body)]).toEqual([
      400,
      'failure',
      ['mmsi'],
    ]);
    const unknown = await call('GET', '/open/freightower/vessel/detail?mmsi=477266999');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('bill: POST /gjys answers billDetails to the owner’s lender; bill or booking number must be non-empty; another lender is refused', async () => {
    const request = {
      billNo: 'COSU6287451230',
      customerCode: owner,
      customerName: feeds.transportBillFeed.customerName,
    };
    const { status, body } = await call('POST', '/gjys', request);
    expect([status, body.flag, body.billDetails.length]).toEqual([200, 'success', 1]);
    expect(body.billDetails[0]).toMatchObject({
      SO: 'SO24021803317',
      MBL: 'COSU6287451230',
      voyageNo: '032E',
    });
    expect(body.billDetails[0].containerInfo).toHaveLength(2);
    const byBooking = await call('POST', '/gjys', { ...request, billNo: '', sybknoteno: 'SO24021803317' });
    expect(byBooking.body.billDetails).toHaveLength(1);
    const neither = await call('POST', '/gjys', { ...request, billNo: '' });
    expect([neither.status, refusedFields(neither.body)]).toEqual([400, ['billNo|sybknoteno']]);
    const required = await call('POST', '/gjys', { billNo: 'X' });
    expect(refusedFields(required.body).sort()).toEqual(['customerCode', 'customerName']);
    const other = await call('POST', '/gjys', request, { key: keys.otherLender });
    expect([other.status, other.body.code]).toEqual([403, 'ENTERPRISE_NOT_GRANTED']);
    expect((await call('POST', '/gjys', request, { key: keys.operator })).body.billDetails).toHaveLength(1);
  });

  it('route schedule: one content item per port call, paged by pageNum and pageSize with total and pages; carriercd required, pageSize at most 1000', async () => {
    const path = '/open/freightower/schedule/hxcq';
    const first = await call('POST', path, { carriercd: 'COSCO', field_6: 'china-japan', pageSize: 2 });
    expect(first.body).toMatchObject({
      statusCode: 20000,
      pageNum: 1,
      pageSize: 2,
      size: 2,
      total: 3,
      pages: 2,
    });
    expect(first.body.content[0]).toMatchObject({
      scac: 'COSU',
      service: 'CJX',
      portNumber: 1,
      portCode: 'JPTYO',
      eta: 'THU',
    });
    const second = await call('POST', path, { carriercd: 'COSCO', pageNum: 2, pageSize: 2 });
    expect([second.body.size, second.body.content[0].portCode]).toEqual([1, 'CNSHK']);
    const refused = await call('POST', path, { pageSize: 1001 });
    expect([refused.status, refused.body.statusCode, refusedFields(refused.body)]).toEqual([
      400,
      40000,
      ['carriercd', 'pageSize'],
    ]);
  });

  it('vessel plan: the calls of a vessel at a port, statusCode 20000; the nine ports, Ningbo’s voyage and the voyage’s isExport refused naming the field', async () => {
    const path = '/open/freightower/terminal/mtcbjh';
    const { body } = await call('POST', path, {
      portCode: 'CNSHK',
      vesselNameEn: 'cosco aries',
      voyage: '033w',
      isExport: 'E',
    });
    expect(body.statusCode).toBe(20000);
    expect(body.data).toEqual([
      expect.objectContaining({
        portCode: 'CNSHK',
        ivoyage: '032E',
        evoyage: '033W',
        atb: '2024-03-05 06:10:00',
      }),
    ]);
    const ningbo = await call('POST', path, {
      portCode: 'CNNGB',
      vesselNameEn: 'COSCO ARIES',
      voyage: '040E',
      isExport: 'I',
    });
    expect(ningbo.body.data.map((item: Json) => item.ivoyage)).toEqual(['040E']);
    const cases: [unknown, string, string][] = [
      [{ portCode: 'CNNGB', vesselNameEn: 'COSCO ARIES' }, 'voyage', 'when portCode is CNNGB (Ningbo)'],
      [
        { portCode: 'CNSHK', vesselNameEn: 'COSCO ARIES', voyage: '033W' },
        'isExport',
        'when a voyage is given',
      ],
      [{ portCode: 'HKHKG', vesselNameEn: 'COSCO ARIES' }, 'portCode', '"CNDLC" (Dalian)'],
      [{ portCode: 'CNSHK' }, 'vesselNameEn', 'required'],
    ];
    for (const [request, field, said] of cases) {
      const refused = await call('POST', path, request);
      expect([refused.status, refused.body.statusCode, refusedFields(refused.body)], field).toEqual([
        400,
        40000,
        [field],
      ]);
      expect(refused.body.message).toContain(said);
    }
  });

  it('flights: code 20000 with totaPages, paging (page 1, pageSize 10 by default) and filters; paths and links only on request; 20001 when none', async () => {
    const path = '/open/flight/qqhbjh';
    const all = await call('POST', path, { fromAirports: ['ZSPD'], toAirports: ['ZGSZ'] });
    expect([all.status, all.body.code]).toEqual([200, 20000]);
    expect(all.body.data).toMatchObject({
      success: true,
      totaPages: 1,
      totalRecords: 2,
      pageSize: 10,
      currentPage: 1,
    });
    expect(all.body.data.flights[0]).toMatchObject({
      flightId: 'CSS3291-20240304-ZSPD',
      status: 'IN_FLIGHT',
    });
    expect(all.body.data.flights[0].positions).toBeUndefined();
    expect(all.body.data.flights[0].kmlUrl).toBeUndefined();
    const filtered = await call('POST', path, {
      fromAirports: ['ZSPD'],
      toAirports: ['ZGSZ'],
      departureFromDate: '2024-03-05T00:00:00Z',
      registrations: ['B-2089'],
      airlines: ['O3'],
      modeSHexCodes: ['780a1f'],
      aircraftClasses: ['CARGO'],
      includeFlightPaths: true,
      includeFlightUrls: true,
      pageSize: 1,
    });
    expect(filtered.body.data.flights.map((f: Json) => f.flightId)).toEqual(['CSS3293-20240305-ZSPD']);
    expect(filtered.body.data.flights[0].positions).toHaveLength(2);
    expect(filtered.body.data.flights[0].geojsonUrl).toContain('.geojson');
    const window = await call('POST', path, {
      fromAirports: ['ZSPD'],
      toAirports: ['ZGSZ'],
      fromDate: '2024-03-04T15:00:00Z',
      toDate: '2024-03-04T15:30:00Z',
    });
    expect(window.body.data.totalRecords).toBe(1);
    const none = await call('POST', path, { fromAirports: ['EDDF'], toAirports: ['ZGSZ'] });
    expect([none.status, none.body.code, none.body.data.totalRecords, none.body.data.totaPages]).toEqual([
      200, 20001, 0, 0,
    ]);
  });

  it('flights: the business codes for refusals — 40000 parameters (fromAirports and toAirports named), 40001 list too long, 40600 malformed, 40101–40103 keys, 40300 permission, 40500 method, 40020 airline, 40010 coordinate system', async () => {
    const path = '/open/flight/qqhbjh';
    const missing = await call('POST', path, {});
    expect([missing.status, missing.body.code, refusedFields(missing.body)]).toEqual([
      400,
      40000,
      ['fromAirports', 'toAirports'],
    ]);
    const tooLong = await call('POST', path, {
      fromAirports: Array.from({ length: 51 }, () => 'ZSPD'),
      toAirports: ['ZGSZ'],
    });
    expect([tooLong.body.code, refusedFields(tooLong.body)]).toEqual([40001, ['fromAirports']]);
    const wrongType = await call('POST', path, { fromAirports: 'ZSPD', toAirports: ['ZGSZ'] });
    expect([wrongType.body.code, refusedFields(wrongType.body)]).toEqual([40600, ['fromAirports']]);
    const malformed = await call('POST', path, undefined, {
      raw: '{"fromAirports": [',
      headers: { 'content-type': 'application/json' },
    });
    expect([malformed.status, malformed.body.code]).toEqual([400, 40600]);
    const noKey = await call('POST', path, { fromAirports: ['ZSPD'], toAirports: ['ZGSZ'] }, { key: '' });
    expect([noKey.status, noKey.body.code]).toEqual([401, 40103]);
    const unknownKey = await call(
      'POST',
      path,
      { fromAirports: ['ZSPD'], toAirports: ['ZGSZ'] },
      { key: 'tl_not-a-key-of-anyone' },
    );
    expect([unknownKey.status, unknownKey.body.code]).toEqual([401, 40101]);
    const get = await call('GET', path);
    expect([get.status, get.body.code]).toEqual([405, 40500]);
    const airline = await call('POST', path, {
      fromAirports: ['ZSPD'],
      toAirports: ['ZGSZ'],
      airlines: ['ZZZ'],
    });
    expect([airline.status, airline.body.code]).toEqual([400, 40020]);
    expect(airline.body.message).toContain('ZZZ');
    const coordinates = await call('POST', path, {
      fromAirports: ['ZSPD'],
      toAirports: ['ZGSZ'],
      coordinateSystem: 'GCJ02',
    });
    expect([coordinates.status, coordinates.body.code]).toEqual([400, 40010]);
    const wgs84 = await call('POST', path, {
      fromAirports: ['ZSPD'],
      toAirports: ['ZGSZ'],
      coordinateSystem: 'WGS84',
    });
    expect(wgs84.body.code).toBe(20000);
    const partner = await call(
      'POST',
      path,
      { fromAirports: ['ZSPD'], toAirports: ['ZGSZ'] },
      { key: keys.partner },
    );
    expect([partner.status, partner.body.code]).toEqual([403, 40300]);
  });

  it('ocean carriers: the carriers the providers stated, with refresh and container-number support, beside the 46 of §9', async () => {
    const carriers = await call('GET', '/open/freightower/carriers');
    expect(carriers.status).toBe(200);
    expect(carriers.body).toMatchObject({ flag: 'success', code: '200' });
    expect(carriers.body.data).toEqual({
      declared: 46,
      total: 1,
      carriers: [
        {
          carrierCode: 'COSU',
          scac: 'COSU',
          nameCn: feeds.carrierFeed.nameCn,
          nameEn: feeds.carrierFeed.nameEn,
          url: feeds.carrierFeed.url,
          refreshHours: 24,
          containerNoQuery: 'SUPPORTED',
        },
      ],
    });
  });

  it('trucks: the latest position and the 24-hour track, cut by qryBtm and qryEtm; an unknown plate is not on the network; vclN required', async () => {
    const position = await call('POST', '/open/truck/tuochedingwei', { vclN: '粤B6K2Q8' });
    expect(position.body.statusCode).toBe(20000);
    expect(position.body.content.truckInfos).toEqual([
      expect.objectContaining({
        isExist: true,
        truckNo: '粤B6K2Q8',
        positionInfo: expect.objectContaining({
          adr: feeds.truckPositionFeed.adr,
          utc: '2024-03-05T07:20:00.000Z',
        }),
      }),
    ]);
    expect(position.body.content.truckInfos[0].track24s).toBeUndefined();
    // §4 truck stage of the latest report stating one (the example: 4, arrived for delivery).
    expect(position.body.content.truckInfos[0]).toMatchObject({
      stage: '4',
      stageTime: '2024-03-05T07:20:00.000Z',
    });
    const track = await call('POST', '/open/truck/tuochematougenzong', { vclN: '粤B6K2Q8' });
    // The report of 2024-03-04 09:00 is more than 24 hours before the latest (03-05 15:20): dropped.
    expect(track.body.content.truckInfos[0].track24s.map((p: Json) => p.gtm)).toEqual([
      '2024-03-05T01:00:00.000Z',
      '2024-03-05T07:20:00.000Z',
    ]);
    const cut = await call('POST', '/open/truck/tuochematougenzong', {
      vclN: '粤B6K2Q8',
      qryBtm: '2024-03-05 12:00:00',
    });
    expect(cut.body.content.truckInfos[0].track24s).toHaveLength(1);
    const unknown = await call('POST', '/open/truck/tuochedingwei', { vclN: '京A00000' });
    expect(unknown.body.content.truckInfos).toEqual([
      { isExist: false, truckNo: '京A00000', positionInfo: null, stage: null, stageTime: null },
    ]);
    for (const path of ['/open/truck/tuochedingwei', '/open/truck/tuochematougenzong']) {
      const refused = await call('POST', path, {});
      expect([refused.status, refused.body.statusCode, refusedFields(refused.body)]).toEqual([
        400,
        40000,
        ['vclN'],
      ]);
    }
  });

  it('flights: 60 calls per 10 s per caller, the 61st answered 42900 with Retry-After; another caller is not held back', async () => {
    const path = '/open/flight/qqhbjh';
    const caller = (await createTestApiKey(pool, 'subscriber', { ownerId: uniqueName('flight-caller') })).key;
    const body = { fromAirports: ['ZSPD'], toAirports: ['ZGSZ'] };
    const answers = [];
    for (let i = 0; i < 61; i++) answers.push(await call('POST', path, body, { key: caller }));
    expect(answers.slice(0, 60).every((answer) => answer.body.code === 20000)).toBe(true);
    const refused = answers[60]!;
    expect([refused.status, refused.body.code, refused.body.reason]).toEqual([
      429,
      42900,
      'CALL_LIMIT_EXCEEDED',
    ]);
    expect(refused.body.message).toMatch(/at most 60 calls per 10 s/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const other = await call('POST', path, body, { key: keys.subscriber });
    expect([other.status, other.body.code]).toEqual([200, 20000]);
  });

  it('subscriber keys read the reference data too', async () => {
    const ais = await call('GET', '/open/freightower/vessel/detail?mmsi=477266900', undefined, {
      key: keys.subscriber,
    });
    expect([ais.status, ais.body.flag]).toEqual([200, 'success']);
  });
});
