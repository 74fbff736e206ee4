import { localizedError } from '@tradelog/schemas';
import type { Request } from 'express';

/**
 * The vessel archive's form variant (query spec §3: "multipart form in one source, query string
 * in another"). A `application/x-www-form-urlencoded` body is parsed by the app's bounded body
 * parser (http/body.ts); a `multipart/form-data` body is read here, whole and bounded, and
 * parsed by the platform's own `Response.formData()` — no parser of ours. Text fields only: a
 * file part is refused naming the field. Other bodies give `{}`.
 */
export const formBodyLimitBytes = 64 * 1024;

export async function readForm(req: Request): Promise<Record<string, unknown>> {
  const contentType = req.get('content-type') ?? '';
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType))
    return typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
  if (!/^multipart\/form-data\b/i.test(contentType)) return {};
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > formBodyLimitBytes)
      throw localizedError('BODY_TOO_LARGE', 413, {
        cn: '表单超过 64 KiB',
        en: 'The form is larger than 64 KiB',
      });
    chunks.push(chunk);
  }
  let form: FormData;
  try {
    form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw localizedError('VALIDATION_FAILED', 400, {
      cn: '表单内容无法解析',
      en: 'The form body could not be read',
    });
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value !== 'string') {
      throw localizedError(
        'VALIDATION_FAILED',
        400,
        { cn: `${name} 必须是文本字段，不能是文件`, en: `${name} must be a text field, not a file` },
        {
          errors: [
            {
              path: name,
              rule: 'type',
              message: { cn: `${name} 必须是文本字段`, en: `${name} must be a text field` },
            },
          ],
        },
      );
    }
    fields[name] = value;
  }
  return fields;
}
