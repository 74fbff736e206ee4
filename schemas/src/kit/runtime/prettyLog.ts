/**
 * The readable form of a log line, for a terminal (root README "Logs"): the same record the
 * JSON form holds — already redacted by log.ts, so no secret reaches it — as
 *   `10:21:07.412 INFO  push delivered  service=processors deliveryId=… durationMs=12`
 * with an error's message, code and stack on the lines below. Pure, so the format is unit-tested.
 */
export type LogFormat = 'json' | 'pretty';

/** `auto`: readable when the stream is a terminal, JSON otherwise (files, pipes, collectors). */
export function logFormatFor(setting: LogFormat | 'auto', isTerminal: boolean): LogFormat {
  return setting === 'auto' ? (isTerminal ? 'pretty' : 'json') : setting;
}

const levelColours: Record<string, string> = { debug: '90', info: '36', warn: '33', error: '31' };
/** Fields shown in the line's head, not among the context. */
const headFields = new Set(['time', 'level', 'msg', 'pid', 'hostname']);

const shownValue = (value: unknown): string => {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
};

interface ErrorRecord {
  name?: string;
  message?: string;
  code?: unknown;
  stack?: string;
  cause?: ErrorRecord;
}

const isErrorRecord = (value: unknown): value is ErrorRecord =>
  typeof value === 'object' && value !== null && typeof (value as ErrorRecord).message === 'string';

function errorLines(error: ErrorRecord, indent = '    '): string[] {
  const code = error.code !== undefined ? ` [${String(error.code)}]` : '';
  const stack = (error.stack ?? '').split('\n').slice(1, 6);
  return [
    `${indent}${error.name ?? 'Error'}: ${error.message}${code}`,
    ...stack.map((line) => `${indent}${line.trim().startsWith('at ') ? '  ' : ''}${line.trim()}`),
    ...(error.cause ? [`${indent}caused by:`, ...errorLines(error.cause, `${indent}  `)] : []),
  ];
}

/** One JSON log record (as log.ts writes it) → one readable line, plus error lines. */
export function prettyLogLine(json: string, options: { colour: boolean }): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const paint = (code: string, text: string) => (options.colour ? `\x1b[${code}m${text}\x1b[0m` : text);
  const level = String(record.level ?? 'info');
  const time = typeof record.time === 'string' ? record.time.slice(11, 23) : '';
  const context: string[] = [];
  const errors: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (headFields.has(key)) continue;
    if (isErrorRecord(value) && typeof (value as ErrorRecord).stack === 'string') {
      errors.push(...errorLines(value));
      context.push(`${key}=${shownValue(value.message)}`);
    } else {
      context.push(`${key}=${shownValue(value)}`);
    }
  }
  const head = [
    paint('90', time),
    paint(levelColours[level] ?? '0', level.toUpperCase().padEnd(5)),
    String(record.msg ?? ''),
  ].join(' ');
  const line = context.length > 0 ? `${head}  ${paint('90', context.join(' '))}` : head;
  return [line, ...errors.map((text) => paint('90', text))].join('\n');
}
