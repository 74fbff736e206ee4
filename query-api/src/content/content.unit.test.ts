import type { AddressInfo } from 'node:net';
import { createLogger } from '@tradelog/schemas';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  articleDetail,
  articlePage,
  centreMenu,
  filterFinance,
  financeCategories,
  searchCentres,
} from './catalogue.ts';
import { createContentRouter } from './router.ts';
import { apps } from './seed/apps.ts';
import { articles } from './seed/articles.ts';
import { financeProducts } from './seed/finance.ts';

describe('seed content', () => {
  it('has both languages for every article text', () => {
    for (const article of articles) {
      for (const value of [article.title, article.summary]) {
        expect(value.cn, `${article.id}`).not.toBe('');
        expect(value.en, `${article.id}`).not.toBe('');
      }
    }
  });

  it('keeps §9 rates within 2.9–6% and limits within 1,000万–1亿, one product per detail page', () => {
    expect(financeProducts).toHaveLength(24);
    expect(new Set(financeProducts.map((product) => product.slug)).size).toBe(24);
    for (const product of financeProducts) {
      expect(product.rateMin).toBeGreaterThanOrEqual(2.9);
      expect(product.rateMax).toBeLessThanOrEqual(6);
      expect(product.limitWan).toBeGreaterThanOrEqual(1000);
      expect(product.limitWan).toBeLessThanOrEqual(10000);
    }
    expect(Math.min(...financeProducts.map((product) => product.rateMin))).toBe(2.9);
    expect(Math.max(...financeProducts.map((product) => product.limitWan))).toBe(10000);
  });

  it('prices the software products as §9 says', () => {
    const byName = (cn: string) => apps.find((app) => app.appName.cn === cn)!;
    expect(byName('金融风控系统').prices[0]).toMatchObject({
      saas: { cn: '300,000 元/年' },
      onPremise: { cn: '1,500,000 元 + 180,000 元/年' },
    });
    expect(byName('关务系统').prices.map((row) => row.saas.en)).toEqual([
      '36,000 yuan/year (36,000 orders/year)',
      '89,000 yuan/year (110,000 orders/year)',
      '139,000 yuan/year (180,000 orders/year)',
    ]);
    expect(byName('商城系统').support.cn).toContain('5×8');
    expect(apps).toHaveLength(9);
  });
});

describe('catalogue', () => {
  it('narrows cloud-finance products by data type, then institution (§9)', () => {
    const all = filterFinance({}, 'cn');
    const customs = filterFinance({ dataType: 'customs' }, 'cn');
    const customsBoc = filterFinance({ dataType: 'customs', institution: 'boc' }, 'cn');
    expect(all.length).toBe(24);
    expect(customs.length).toBeLessThan(all.length);
    expect(customsBoc.length).toBeLessThan(customs.length);
    expect(customsBoc.length).toBeGreaterThan(0);
    expect(
      customsBoc.every((product) => product.dataTypes.includes('customs') && product.institution === 'boc'),
    ).toBe(true);
    // Every filter option leads somewhere.
    const { dataTypes, institutions } = financeCategories('en');
    expect(dataTypes).toHaveLength(13);
    expect(institutions).toHaveLength(11);
    for (const option of [...dataTypes, ...institutions]) {
      const found = filterFinance(
        dataTypes.includes(option) ? { dataType: option.value } : { institution: option.value },
        'en',
      );
      expect(found.length, option.value).toBeGreaterThan(0);
    }
  });

  it('serves the help (4218) and rule (4222) menus three levels deep, and nothing else', () => {
    const help = centreMenu(4218, 'en')!;
    expect(help.map((column) => column.name)).toEqual(['Getting started', 'Open interfaces', 'Financing']);
    expect(
      centreMenu(4222, 'cn')!
        .flatMap((column) => (column.columnList ?? []) as { columnId: number }[])
        .map((c) => c.columnId),
    ).toEqual([5105, 5106, 5101, 5103, 5102, 5104]);
    expect(centreMenu(1, 'cn')).toBeUndefined();
  });

  it('lists articles of a column family, finds details in each language, and searches', () => {
    expect(
      articlePage(4230, 1, 10, 'cn')
        .list.map((item) => item.id)
        .sort(),
    ).toEqual([4239, 4240]);
    expect(articleDetail(4239, 'en')?.title).toBe('Getting started guide');
    expect(articleDetail(999, 'cn')).toBeUndefined();
    expect(searchCentres('API Key', 'cn').map((item) => item.id)).toContain(4241);
    expect(searchCentres('隐私', 'en').map((item) => item.id)).toContain(5101);
  });
});

describe('content router over HTTP', () => {
  const sent: { phone: string; code: string }[] = [];
  let base = '';
  let close: () => void = () => {};
  let now = Date.UTC(2026, 5, 1);

  beforeAll(async () => {
    const app = express();
    app.use(
      '/portal-api',
      createContentRouter({
        clock: { now: () => now },
        logger: createLogger({ service: 'test' }, { write: () => {} }),
        product: 'tradelog',
        sendSms: async (phone, code) => void sent.push({ phone, code }),
      }),
    );
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/portal-api`;
    close = () => server.close();
  });
  afterAll(() => close());

  const form = (body: Record<string, string>) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });

  it('answers form-encoded menu calls in the payload language', async () => {
    const response = await fetch(`${base}/helpAndRuleCenter/index`, form({ columnId: '4218', lang: 'en' }));
    const body = (await response.json()) as { result: number; data: { name: string }[] };
    expect(body.result).toBe(1);
    expect(body.data[0]!.name).toBe('Getting started');
  });

  it('filters finance products by query parameters and 404s unknown articles', async () => {
    const all = (await (await fetch(`${base}/api/front/confront/products.do?lang=cn`)).json()) as {
      data: unknown[];
    };
    const some = (await (
      await fetch(`${base}/api/front/confront/products.do?dataType=patents&lang=cn`)
    ).json()) as { data: unknown[] };
    expect(some.data.length).toBeLessThan(all.data.length);
    const missing = await fetch(
      `${base}/api/front/meet/articleDetails.do`,
      form({ id: '999999', lang: 'en' }),
    );
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ result: 0, msg: 'This page could not be found' });
  });

  it('registers with a sent code, rejects a wrong one, and knows the session', async () => {
    const phone = '13912345678';
    expect((await fetch(`${base}/api/front/other/sms.do`, form({ phone, lang: 'cn' }))).status).toBe(200);
    expect(sent.at(-1)?.phone).toBe(phone);
    const again = await fetch(`${base}/api/front/other/sms.do`, form({ phone, lang: 'en' }));
    expect(again.status).toBe(429);
    const base64 = {
      name: '李明',
      companyName: '深圳前海数贸科技有限公司',
      phone,
      password: 'abc12345',
      email: 'li@example.com',
    };
    const wrong = await fetch(
      `${base}/api/front/other/registered.do`,
      form({ ...base64, code: '000000x', lang: 'en' }),
    );
    expect(await wrong.json()).toEqual({ result: 0, msg: 'Verification code error' });
    const right = await fetch(
      `${base}/api/front/other/registered.do`,
      form({ ...base64, code: sent.at(-1)!.code, lang: 'cn' }),
    );
    const registered = (await right.json()) as { result: number; data: { session: string } };
    expect(registered.result).toBe(1);
    const info = await fetch(`${base}/api/front/user/info.do`, form({ session: registered.data.session }));
    expect(await info.json()).toMatchObject({ result: 1, data: { name: '李明' } });
    now += 120_000;
    const stale = await fetch(`${base}/api/front/user/info.do`, form({ session: 'nope' }));
    expect(await stale.json()).toMatchObject({ result: 0 });
  });

  it('saves the forms of §3 as JSON and validates their phone numbers', async () => {
    const save = (body: unknown) =>
      fetch(`${base}/tradelog-order/customerDemand/save`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const good = await save({
      form: 'contact',
      name: '王芳',
      phone: '020-87654321',
      industry: '110',
      demand: '保税仓储',
      lang: 'cn',
    });
    expect(await good.json()).toEqual({ result: 1, msg: 'success', data: null });
    const bad = await save({
      form: 'contact',
      name: '王芳',
      phone: '12',
      industry: '110',
      demand: '保税仓储',
      lang: 'cn',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ result: 0, msg: '请输入正确电话号码' });
  });
});
