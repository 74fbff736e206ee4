/**
 * The addresses of the local stack (`deploy/local/stack.sh env` with its default ports and
 * databases): what the services and tools fall back to when the environment names nothing, so
 * a fresh clone's `npm start` and `npm run keys -- …` talk to the same Kafka, registry and
 * Postgres (README "Configuration").
 */
export const localStackDefaults = Object.freeze({
  kafkaBrokers: '127.0.0.1:9092',
  schemaRegistryUrl: 'http://127.0.0.1:8081/apis/ccompat/v7',
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/tradelog',
});
