import { localizedError, type TradelogError } from '@tradelog/schemas';
import type { OpenApiDocument } from '@tradelog/schemas/openapi/document';

/**
 * A request for a path the API serves, by a method it does not take there, is 405 with `Allow`
 * (RFC 9110 §15.5.6), as ingest answers its interfaces, not 404 "no such interface": the
 * caller's mistake is the method. The paths and their methods are the OpenAPI document's, which
 * the router stack is held equal to (openapi.unit.test.ts). Pure.
 */
export function allowedMethodsOf(document: OpenApiDocument): (path: string) => string[] | undefined {
  const templates = Object.entries(document.paths).map(([template, operations]) => ({
    // `{id}` is one path segment; everything else is literal.
    pattern: new RegExp(
      `^${template
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('[^/]+')}$`,
    ),
    methods: Object.keys(operations).map((method) => method.toUpperCase()),
  }));
  return (path) => {
    const methods = templates.filter(({ pattern }) => pattern.test(path)).flatMap((entry) => entry.methods);
    return methods.length > 0 ? [...new Set(methods)] : undefined;
  };
}

export const methodNotAllowed = (method: string, allowed: readonly string[]): TradelogError =>
  localizedError('METHOD_NOT_ALLOWED', 405, {
    cn: `该接口只接受 ${allowed.join('、')} 请求，不接受 ${method}`,
    en: `This interface takes ${allowed.join(', ')}, not ${method}`,
  });
