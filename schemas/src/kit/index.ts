export * from '../errors/tradelogError.ts';
export * as env from './runtime/env.ts';
export * from './runtime/log.ts';
export * from './runtime/prettyLog.ts';
