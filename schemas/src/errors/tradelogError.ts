/**
 * Errors as typed values (house style §9): every error we raise on purpose carries a stable
 * `code`, the HTTP `status` it maps to, and whether retrying can help. Express middleware maps
 * them to the `{flag, code, message}` envelope; processors commit, retry or dead-letter by
 * `retriable`.
 */
export class TradelogError extends Error {
  readonly code: string;
  readonly status: number;
  readonly retriable: boolean;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: string,
    message: string,
    options: {
      status?: number;
      retriable?: boolean;
      details?: Record<string, unknown>;
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'TradelogError';
    this.code = code;
    this.status = options.status ?? 500;
    this.retriable = options.retriable ?? false;
    this.details = options.details;
  }
}

/** A configuration value is missing or malformed; the message names the variable. */
export class ConfigError extends TradelogError {
  readonly key: string;
  constructor(key: string, problem: string) {
    super('CONFIG_INVALID', `${key}: ${problem}`, { status: 500 });
    this.name = 'ConfigError';
    this.key = key;
  }
}

export const isTradelogError = (error: unknown): error is TradelogError => error instanceof TradelogError;

/** Both languages of a message a caller reads (Chinese first, as the specs write them). */
export interface Bilingual {
  cn: string;
  en: string;
}

/**
 * The one bilingual error helper: a TradelogError whose message the envelope answers in the
 * caller's language (`failure` in envelope.ts); `details` travel with it (e.g. `errors`).
 */
export function localizedError(
  code: string,
  status: number,
  message: Bilingual,
  details: Record<string, unknown> = {},
  options: { retriable?: boolean; cause?: unknown } = {},
): TradelogError {
  return new TradelogError(code, message.en, {
    status,
    retriable: options.retriable ?? status >= 500,
    details: { message, ...details },
    ...(options.cause === undefined ? {} : { cause: options.cause }),
  });
}
