// The push bodies are rendered by projections/src/push/payloads.ts, for every delivery built by
// projections/src/push/eventDelivery.ts (a tracking subscription's first push, made by the
// subscription routes, too).
export * from '@tradelog/projections/push/payloads';
