import { expressRoutes } from '@tradelog/schemas/kit/openapi/routes';
import { queryTypes } from '@tradelog/schemas/queries/catalogue';
import { isReferenceQuery } from '@tradelog/schemas/queries/reference';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { queryApiOpenApi } from '../openapi.ts';
import { createReferenceRouter, referencePaths } from '../reference/router.ts';
import { createProjectionRoutes, lenderQueryPaths } from './routes.ts';

/**
 * The key middleware's path lists against what the routers serve and what the OpenAPI document
 * says of them: a lender route left out of `lenderQueryPaths` would be served without the lender
 * key check, a look-up left out of `referencePaths` without the reference readers' check.
 */
const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
afterAll(() => pool.end());

const document = queryApiOpenApi({ product: 'tradelog' });
const pathOf = (route: string) => route.slice(route.indexOf(' ') + 1);
const audienceOf = (route: string): unknown => {
  const [method, path] = route.split(' ') as [string, string];
  const operation = document.paths[path]?.[method.toLowerCase()] as { 'x-audience'?: unknown } | undefined;
  return operation?.['x-audience'];
};
const sorted = (paths: Iterable<string>) => [...new Set(paths)].sort();

describe('the paths the key middleware guards', () => {
  it('lenderQueryPaths are the projection routes documented for lender and operator keys', () => {
    const routes = expressRoutes({ router: createProjectionRoutes({ pool, namespace: 'proj' }) });
    const lenderRoutes = routes.filter((route) => {
      const audience = audienceOf(route);
      return Array.isArray(audience) && sorted(audience).join() === 'lender,operator';
    });
    expect(lenderRoutes.length).toBeGreaterThan(15);
    expect(sorted(lenderQueryPaths)).toEqual(sorted(lenderRoutes.map(pathOf)));
  });

  it("referencePaths are the reference router's look-ups, the query catalogue's reference queries", () => {
    const served = expressRoutes({ router: createReferenceRouter({ pool }) }).map(pathOf);
    const catalogued = queryTypes.filter((type) => isReferenceQuery(type.id)).map((type) => type.path);
    expect(sorted(referencePaths)).toEqual(sorted(served));
    expect(sorted(referencePaths)).toEqual(sorted(catalogued));
  });
});
