export * from './catalogue.ts';
export * from './checkpoints.ts';
export * from './db.ts';
export * from './deadLetters.ts';
export * from './declaration.ts';
export * from './outbox.ts';
export * from './tables.ts';
export * from './versions.ts';
