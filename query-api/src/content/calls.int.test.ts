import type { AddressInfo } from 'node:net';
import { migrate } from '@tradelog/projections/migrate';
import { createLogger } from '@tradelog/schemas';
import type { PortalContent } from '@tradelog/schemas/portal/content';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey } from '../../../tests/harness/apiKeys.ts';
import { createTestSchema, testServices } from '../../../tests/harness/index.ts';
import { createApp } from '../app.ts';
import { createLeadRoutes } from './leadRoutes.ts';
import { loadPortalContent, parsePortalContent } from './operatorContent.ts';
import { createPortalRoleRoutes } from './roleRoutes.ts';

/**
 * The §7 calls served by channels.ts, homeBands.ts and redirect.ts, the writes named by their
 * path, `home/warrant.do`, and the page cache with `/cleancache` (README "Channels", "Home
 * bands", "Redirect helper", "Page cache"), over HTTP with real Postgres (own schema).
 */
describe('portal calls over HTTP (real Postgres)', () => {
  const quiet = createLogger({ service: 'test' }, { write: () => {} });
  const sent: { phone: string; code: string }[] = [];
  const sample = loadPortalContent();
  // What the operator's file holds when /cleancache reads it again (a test edits it here).
  let fileContent: () => PortalContent = () => sample;
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let pool: pg.Pool;
  let base = '';
  let operatorKey = '';
  let close: () => void = () => {};
  const now = Date.UTC(2026, 5, 1);

  beforeAll(async () => {
    schema = await createTestSchema(testServices().databaseUrl, 'portal_calls');
    await migrate(schema.databaseUrl, { schema: schema.schema, logger: quiet });
    pool = new pg.Pool({ connectionString: schema.databaseUrl, max: 3 });
    const app = createApp({
      logger: quiet,
      content: {
        pool,
        clock: { now: () => now },
        logger: quiet,
        product: 'tradelog',
        sendSms: async (phone, code) => void sent.push({ phone, code }),
        content: sample,
        reloadContent: () => fileContent(),
        allowedOrigins: ['https://portal.example.org'],
      },
      routers: [createPortalRoleRoutes({ pool }), createLeadRoutes({ pool })],
    });
    operatorKey = (await createTestApiKey(pool, 'operator', { ownerId: 'portal-ops' })).key;
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/portal-api`;
    close = () => server.close();
  });
  afterAll(async () => {
    close();
    await pool?.end();
    await schema?.drop();
  });

  const form = (body: Record<string, string>) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  const json = (body: Record<string, string>, cookie?: string) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const post = async <T>(path: string, body: Record<string, string> = { lang: 'en' }) =>
    (await (await fetch(`${base}/${path}`, form(body))).json()) as { result: number; msg: string; data: T };
  const get = async <T>(path: string, query: Record<string, string> = { lang: 'en' }) =>
    (await (await fetch(`${base}/${path}?${new URLSearchParams(query)}`)).json()) as {
      result: number;
      msg: string;
      data: T;
    };
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((line) => line.startsWith('SESSION='))
      ?.split(';')[0];
  const leads = async (formName: string) =>
    (
      (await (
        await fetch(`${base.replace(/\/portal-api$/, '/ops')}/leads?form=${formName}&limit=20`, {
          headers: { authorization: `Bearer ${operatorKey}` },
        })
      ).json()) as { dataList: { form: string; fields: Record<string, string>; sender: { name: string } }[] }
    ).dataList;
  const register = async (phone: string) => {
    await fetch(`${base}/api/front/other/sms.do`, json({ phone }));
    return cookieOf(
      await fetch(
        `${base}/api/front/other/registered.do`,
        json({
          name: '周敏',
          companyName: '黄石示例贸易有限公司',
          phone,
          password: 'abc12345',
          email: 'zhou@example.com',
          acceptTerms: 'true',
          code: sent.at(-1)!.code,
        }),
      ),
    )!;
  };

  it('serves the news and help channels of §7 in the payload language', async () => {
    const nav = await post<{ columnId: number; total: number }[]>('api/front/meet/navigList.do', {
      kind: 'blog',
      lang: 'en',
    });
    expect(nav.data.map((column) => column.columnId)).toEqual([2001, 2002]);
    const channels = await post<{ columnId: number; kind: string }[]>('api/front/channels/list', {
      kind: 'rule',
      lang: 'cn',
    });
    expect(channels.data.every((channel) => channel.kind === 'rule')).toBe(true);
    const channel = await post<{ name: string; path: unknown[] }>('apiNewsDetail/front/channels/get', {
      columnId: '4234',
      lang: 'en',
    });
    expect(channel.data).toMatchObject({ name: 'Before you integrate' });
    expect(channel.data.path).toHaveLength(3);
    const info = await post<{ title: string; path: unknown[] }>('api/front/meet/newsInfo', {
      id: '4239',
      lang: 'cn',
    });
    expect(info.data.title).toBe('新手入门指引');
    const band = await post<{ sample: boolean; columns: { list: unknown[] }[] }>('api/front/meet/index.do');
    expect(band.data.sample).toBe(true);
    expect(band.data.columns).toHaveLength(2);
    const legal = await post<{ key: string; id: number }[]>('api/front/meet/legalize.do');
    expect(legal.data.map((link) => link.id)).toEqual([5101, 5102, 5103, 5104]);
    const help = await get<{ list: { id: number }[]; total: number }>('tradelog-official/helpCenter/query', {
      keyword: 'API Key',
      lang: 'cn',
    });
    expect(help.data.list.map((article) => article.id)).toContain(4241);
    // Unknown ids answer the §2 not-found, in the portal's convention.
    for (const [path, body] of [
      ['apiNewsDetail/front/channels/get', { columnId: '77' }],
      ['api/front/meet/newsInfo', { id: '77' }],
    ] as const) {
      const response = await fetch(`${base}/${path}`, form(body));
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ result: 0, msg: 'This page could not be found' });
    }
  });

  it('answers every other §7 content read over HTTP with the shape its page reads', async () => {
    const list = await post<{ list: { id: number }[]; total: number }>('api/front/meet/newsList.do', {
      columnId: '1001',
      page: '1',
      rows: '2',
      lang: 'en',
    });
    expect(list.data.list).toHaveLength(2);
    const id = String(list.data.list[0]!.id);
    for (const path of ['api/front/meet/articleDetails.do', 'apiNewsDetail/front/meet/articleDetails.do']) {
      expect((await post<{ id: number; body: unknown[] }>(path, { id, lang: 'en' })).data).toMatchObject({
        id: Number(id),
      });
    }
    expect(
      (await post<unknown[]>('api/front/meet/recommendNewsList.do', { id })).data.length,
    ).toBeGreaterThan(0);
    expect(
      (await post<{ columnId: number }[]>('api/front/column/list.do', { kind: 'blog' })).data,
    ).toHaveLength(2);
    expect(
      (await post<{ id: number }[]>('helpAndRuleCenter/search', { keyword: 'Idempotency-Key' })).data.length,
    ).toBeGreaterThan(0);
    for (const page of ['index', 'centralize']) {
      expect((await post<{ sample: boolean }>(`api/front/joinus/${page}.do`)).data.sample).toBe(true);
    }
    expect((await post<unknown[]>('api/front/expert/index.do')).data.length).toBeGreaterThan(0);
    const apps = await post<{ list: { id: number }[]; total: number }>(
      'tradelog-srv/official/app/list?rows=10&page=1',
    );
    expect(apps.data.total).toBe(9);
    const app = await get<{ id: number; mainPics: unknown[]; prices: unknown[] }>(
      `tradelog-srv/official/app/${apps.data.list[0]!.id}`,
    );
    expect(app.data.mainPics).toHaveLength(1);
    const categories = await get<{ dataTypes: unknown[]; institutions: unknown[] }>(
      'api/front/confront/category.do',
    );
    expect(categories.data.dataTypes).toHaveLength(13);
    const tools = await get<{ code: string }[]>(
      'tradelog-client/api/toolMarket/application/detail/selection',
    );
    const tool = await get<{ code: string; path: string }>(
      `tradelog-client/api/toolMarket/application/detail/${tools.data[0]!.code}`,
    );
    expect(tool.data.code).toBe(tools.data[0]!.code);
    expect(
      (await get<{ code: string }>('tradelog-client/api/toolMarket/application/detail', { id: '1' })).data
        .code,
    ).toBe('vesselArchive');
  });

  it('serves the home bands, the finance schemes and demand, and the labelled roles', async () => {
    const finance = await post<{ products: unknown[]; dataTypes: unknown[] }>('api/front/confront/index.do');
    expect(finance.data.products).toHaveLength(3);
    const schemes = await post<{ dataType: string; products: unknown[] }[]>('api/front/common/scheme.do');
    expect(schemes.data.length).toBeGreaterThan(0);
    const slug = sample.finance.products[0]!.slug;
    const demand = await get<{ slug: string; conditions: string[] }>('api/front/confront/demand.do', {
      slug,
      lang: 'en',
    });
    expect(demand.data.slug).toBe(slug);
    expect((await fetch(`${base}/api/front/confront/demand.do?slug=nothing`)).status).toBe(404);
    const market = await post<{ apps: unknown[]; tools: unknown[] }>('api/front/market/index.do');
    expect(market.data.apps.length).toBeGreaterThan(0);
    const link = await post<{ interfaces: { code: string }[] }>('api/front/link/index.do');
    expect(link.data.interfaces[0]!.code).toBe('linkNode');
    const origin = await post<{ sample: boolean; roles: unknown[] }>('api/front/origin/index.do');
    expect(origin.data).toMatchObject({ sample: true });
    expect(origin.data.roles).toHaveLength(10);
    const roles = await get<{ value: string; label: string }[]>('api/front/client/roles.do', { lang: 'cn' });
    expect(roles.data[9]).toEqual({ value: '190', label: '其他' });
  });

  it('saves the advisory, the left message and the link demand as leads, checked as their forms', async () => {
    const advisory = { name: '孙丽', phone: '13800003333', industry: '180', demand: '跨境店铺融资咨询' };
    expect(await (await fetch(`${base}/api/front/other/advisory.do`, json(advisory))).json()).toEqual({
      result: 1,
      msg: 'success',
      data: null,
    });
    expect((await leads('contact')).find((lead) => lead.fields.demand === '跨境店铺融资咨询')).toMatchObject({
      form: 'contact',
      fields: advisory,
    });

    // A left message is for logged-in visitors (§1), as the requirement message is.
    const anonymous = await fetch(
      `${base}/api/front/other/leave.do`,
      json({ content: '请联系我', lang: 'en' }),
    );
    expect(anonymous.status).toBe(401);
    const cookie = await register('13912347001');
    expect(
      await (
        await fetch(`${base}/api/front/other/leave.do`, json({ content: '需要关务系统演示' }, cookie))
      ).json(),
    ).toMatchObject({ result: 1 });
    expect(
      (await leads('message')).find((lead) => lead.fields.content === '需要关务系统演示')?.sender,
    ).toMatchObject({
      name: '周敏',
    });

    const inquiry = {
      contactPerson: '吴刚',
      phone: '0755-12345678',
      certification: 'CE',
      specification: '冷链集装箱',
      quantity: '20',
    };
    expect(await (await fetch(`${base}/api/front/link/demand.do`, json(inquiry))).json()).toMatchObject({
      result: 1,
    });
    expect(
      (await leads('inquiry')).find((lead) => lead.fields.specification === '冷链集装箱')?.fields,
    ).toEqual(inquiry);
    // Each is checked as its form: a missing field, a form post, a field of another form.
    const missing = await fetch(
      `${base}/api/front/link/demand.do`,
      json({ ...inquiry, quantity: '', lang: 'en' }),
    );
    expect(await missing.json()).toEqual({ result: 0, msg: 'Required' });
    expect((await fetch(`${base}/api/front/other/advisory.do`, form(advisory))).status).toBe(415);
    expect(
      (await fetch(`${base}/api/front/other/advisory.do`, json({ ...advisory, content: 'x' }))).status,
    ).toBe(400);
  });

  it('sends the join page its code through originSMS.do, under the same once-a-minute rule', async () => {
    const phone = '13912347002';
    expect((await fetch(`${base}/api/front/other/originSMS.do`, json({ phone }))).status).toBe(200);
    expect(sent.at(-1)!.phone).toBe(phone);
    expect((await fetch(`${base}/api/front/other/sms.do`, json({ phone }))).status).toBe(429);
  });

  it('answers a session what it is granted, and an anonymous visitor result 0', async () => {
    const anonymous = await get<unknown>('api/front/home/warrant.do');
    expect(anonymous).toEqual({ result: 0, msg: 'Not logged in' });
    const phone = '13912347003';
    const cookie = await register(phone);
    const warrant = async () =>
      (await (await fetch(`${base}/api/front/home/warrant.do?lang=en`, { headers: { cookie } })).json()) as {
        result: number;
        data: { grantedRole: string | null; serverFlag: number };
      };
    expect((await warrant()).data).toEqual({ grantedRole: null, label: null, serverFlag: 0 });
    await fetch(`${base.replace(/\/portal-api$/, '/ops')}/portal/accounts/${phone}/role`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${operatorKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ role: '150' }),
    });
    expect((await warrant()).data).toEqual({
      grantedRole: '150',
      label: 'Business service provider',
      serverFlag: 3,
    });
  });

  it('redirects only to where the portal links, refusing other hosts in the payload language', async () => {
    const own = await fetch(`${base}/api/transfer/redirect`, form({ url: '/cn/about.html' }));
    expect(await own.json()).toEqual({ result: 1, msg: 'success', data: { url: '/cn/about.html' } });
    const portal = await post<{ url: string }>('api/transfer/redirect', {
      url: 'https://portal.example.org/cn/index',
    });
    expect(portal.data.url).toBe('https://portal.example.org/cn/index');
    const elsewhere = await fetch(
      `${base}/api/transfer/redirect`,
      form({ url: 'https://evil.example.net/', lang: 'en' }),
    );
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toEqual({
      result: 0,
      msg: 'The portal does not redirect to that address',
    });
  });

  it('keeps content answers for an hour; /cleancache, for operators only, empties it and publishes the edited file', async () => {
    const contact = async () =>
      (await post<{ contact: { hotline: string } }>('api/front/home/bottom.do')).data.contact.hotline;
    expect(await contact()).toBe('400-000-0000');
    // The operator edits the file: answers kept in the cache stay as they were until the reset.
    const edited = { ...sample, contact: { ...sample.contact, hotline: '400-111-2222' } };
    fileContent = () => parsePortalContent(JSON.stringify(edited), 'edited.json');
    expect(await contact()).toBe('400-000-0000');

    const clean = (key?: string) =>
      fetch(`${base}/cleancache`, {
        method: 'POST',
        headers: key ? { authorization: `Bearer ${key}` } : {},
      });
    expect((await clean()).status).toBe(401);
    const reset = (await (await clean(operatorKey)).json()) as {
      result: number;
      data: { cleared: number; reloaded: boolean };
    };
    expect(reset.result).toBe(1);
    expect(reset.data.reloaded).toBe(true);
    expect(reset.data.cleared).toBeGreaterThan(0);
    expect(await contact()).toBe('400-111-2222');

    // A file that fails its checks changes nothing, and says why.
    fileContent = () => parsePortalContent('{"sample": true}', 'broken.json');
    const refused = await clean(operatorKey);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { msg: string }).msg).toContain('broken.json');
    expect(await contact()).toBe('400-111-2222');
  });
});
