import { TradelogError } from '@tradelog/schemas';

/**
 * Request validation. The query request JSON Schemas are to come from `schemas/src/queries/`;
 * until they land, each interface declares its fields here in this small schema form, with the
 * spec's bounds (query spec §5) and paging (§9: page 1, pageSize 100, at most 200).
 */
export interface FieldRule {
  type: 'string' | 'integer';
  required?: boolean;
  maxLength?: number;
  enum?: readonly string[];
  pattern?: RegExp;
  patternText?: string;
  min?: number;
  max?: number;
}

export type RequestSchema = Readonly<Record<string, FieldRule>>;

export interface FieldIssue {
  field: string;
  rule: string;
  message: string;
}

export function validateRequest<T extends Record<string, unknown>>(schema: RequestSchema, body: unknown): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new TradelogError('VALIDATION_FAILED', 'the request body must be a JSON object', { status: 400 });
  }
  const input = body as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const issues: FieldIssue[] = [];
  for (const [field, rule] of Object.entries(schema)) {
    let value = input[field];
    if (value === undefined || value === null || value === '') {
      if (rule.required) issues.push({ field, rule: 'required', message: `${field} is required` });
      continue;
    }
    if (rule.type === 'integer') {
      const number = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isInteger(number)) {
        issues.push({ field, rule: 'type', message: `${field} must be a whole number` });
        continue;
      }
      if (rule.min !== undefined && number < rule.min)
        issues.push({ field, rule: 'minimum', message: `${field} must be at least ${rule.min}` });
      if (rule.max !== undefined && number > rule.max)
        issues.push({ field, rule: 'maximum', message: `${field} must be at most ${rule.max}` });
      out[field] = number;
      continue;
    }
    if (typeof value === 'number') value = String(value);
    if (typeof value !== 'string') {
      issues.push({ field, rule: 'type', message: `${field} must be a string` });
      continue;
    }
    if (rule.maxLength !== undefined && value.length > rule.maxLength)
      issues.push({
        field,
        rule: 'maxLength',
        message: `${field} must be at most ${rule.maxLength} characters`,
      });
    if (rule.enum && !rule.enum.includes(value))
      issues.push({ field, rule: 'enum', message: `${field} must be one of ${rule.enum.join(', ')}` });
    if (rule.pattern && !rule.pattern.test(value))
      issues.push({
        field,
        rule: 'pattern',
        message: `${field} must be ${rule.patternText ?? rule.pattern.source}`,
      });
    out[field] = value;
  }
  if (issues.length > 0) {
    throw new TradelogError('VALIDATION_FAILED', issues.map((i) => i.message).join('; '), {
      status: 400,
      details: { errors: issues },
    });
  }
  return out as T;
}

export const date = {
  type: 'string',
  pattern: /^\d{4}-\d{2}-\d{2}$/,
  patternText: 'a date yyyy-MM-dd',
} as const satisfies FieldRule;
export const paging = {
  page: { type: 'integer', min: 1 },
  pageSize: { type: 'integer', min: 1, max: 200 },
} as const satisfies RequestSchema;

export function pageOf(request: { page?: number; pageSize?: number }): {
  page: number;
  pageSize: number;
  limit: number;
  offset: number;
} {
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? 100;
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

/** Period YYYY or YYYY-MM → [from, to) as 'yyyy-mm-dd' strings comparable with document times. */
export function periodRange(period: string): { from: string; to: string } {
  const [year, month] = period.split('-').map(Number) as [number, number | undefined];
  if (month === undefined) return { from: `${year}-01-01`, to: `${year + 1}-01-01` };
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return { from: `${period}-01`, to: `${next}-01` };
}
