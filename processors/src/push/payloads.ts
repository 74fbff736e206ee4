// The push bodies are rendered by projections/src/push/payloads.ts (the subscription routes render
// a tracking subscription's first push with it too).
export * from '@tradelog/projections/push/payloads';
