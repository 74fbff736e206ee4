import { METHODS } from 'node:http';
import { openApiPath } from '../../openapi/operation.ts';

/**
 * The routes an Express 5 app serves, read from its router stack: `METHOD /path` in OpenAPI's
 * `{name}` form, mounted routers' prefixes included. A route declared with `app.all` (ingest's
 * 405 answers) is a catch-all for other methods and not an operation of its own; middleware
 * mounted on several paths (`router.use([paths], …)`) holds no routes and is skipped.
 */
interface Layer {
  route?: { path: unknown; methods: Record<string, boolean>; stack?: unknown[] };
  handle?: { stack?: Layer[] };
  rawPath?: unknown;
  slash?: boolean;
}

function joined(prefix: string, path: string): string {
  const out = `${prefix}${path === '/' && prefix !== '' ? '' : path}`;
  return out === '' ? '/' : out;
}

export function expressRoutes(app: object): string[] {
  const routes = new Set<string>();
  const walk = (stack: readonly Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        const methods = Object.keys(layer.route.methods).filter((method) => method !== '_all');
        // `app.all(path)` registers every method (Express 5) or `_all` (4): a catch-all, not operations.
        const everyMethod = METHODS.every((method) => layer.route!.methods[method.toLowerCase()]);
        if (layer.route.methods._all || everyMethod) continue;
        for (const path of paths) {
          if (typeof path !== 'string') continue;
          for (const method of methods)
            routes.add(`${method.toUpperCase()} ${openApiPath(joined(prefix, path))}`);
        }
      } else if (layer.handle?.stack) {
        const raw = layer.rawPath;
        const mount = typeof raw === 'string' && raw !== '/' && !layer.slash ? raw : '';
        if (typeof raw !== 'string' && raw !== undefined) continue;
        walk(layer.handle.stack, `${prefix}${mount}`);
      }
    }
  };
  const { router, _router } = app as { router?: { stack?: Layer[] }; _router?: { stack?: Layer[] } };
  walk((router ?? _router)?.stack ?? [], '');
  return [...routes].sort();
}
