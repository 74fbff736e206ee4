export * as env from './runtime/env.ts';
export * from './runtime/errors.ts';
export * from './runtime/log.ts';
export * from './runtime/prettyLog.ts';
