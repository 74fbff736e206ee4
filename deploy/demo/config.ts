import { env } from '@tradelog/schemas';
import { localStackDefaults } from '@tradelog/schemas/kit/runtime/localStack';

/**
 * `npm run demo`'s one config module (house style §8): the same variable names and defaults
 * as the services (README "Configuration"), plus where the demo writes and pushes.
 */
export interface DemoConfig {
  ingestUrl: string;
  queryApiUrl: string;
  databaseUrl: string;
  outDir: string;
  callbackUrl: string;
  timeoutMs: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
}

export function parseDemoConfig(source: env.Env, defaultOutDir: string): Readonly<DemoConfig> {
  const ingestPort = env.port(source, 'INGEST_PORT', 8080);
  const queryApiPort = env.port(source, 'QUERY_API_PORT', 8082);
  return Object.freeze({
    ingestUrl: env.url(source, 'INGEST_URL', `http://127.0.0.1:${ingestPort}`).replace(/\/$/, ''),
    queryApiUrl: env.url(source, 'QUERY_API_URL', `http://127.0.0.1:${queryApiPort}`).replace(/\/$/, ''),
    databaseUrl: env.url(source, 'DATABASE_URL', localStackDefaults.databaseUrl, [
      'postgres:',
      'postgresql:',
    ]),
    outDir: env.text(source, 'DEMO_OUT_DIR', defaultOutDir),
    // A public-looking receiver by default: the callback-target guard refuses loopback and
    // private addresses unless PUSH_CALLBACK_ALLOWLIST names them (README "Configuration").
    callbackUrl: env.url(source, 'DEMO_CALLBACK_URL', 'https://erp.qhyp.example.com/hooks/tradelog'),
    timeoutMs: env.integer(source, 'DEMO_TIMEOUT_MS', 120_000, { min: 1_000 }),
    logLevel: env.oneOf(source, 'LOG_LEVEL', ['debug', 'info', 'warn', 'error'] as const, 'info'),
  });
}
