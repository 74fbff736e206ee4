export * from './runtime/errors.ts';
export * as env from './runtime/env.ts';
export * from './runtime/log.ts';
