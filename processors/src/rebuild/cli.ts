import { dropVersion, isProjectionName, listVersions } from '@tradelog/projections';
import { migrate } from '@tradelog/projections/migrate';
import { createLogger } from '@tradelog/schemas';
import { createRegistryCodec } from '@tradelog/schemas/kit/log/codec';
import { surviveConnectionLoss } from '@tradelog/schemas/kit/runtime/databaseErrors';
import pg from 'pg';
import { parseProcessorsConfig } from '../config.ts';
import { projections } from '../projections.ts';
import { buildLockOf, withSessionLock } from '../runtime/buildLock.ts';
import { rebuildProjection } from './rebuild.ts';

/**
 * Operator command: `npm run rebuild -- <projection> [--no-switch | --accept-differences]` builds
 * a new version from offset zero beside the live one, prints progress, compares and switches
 * (only when equal, unless `--accept-differences`: the new rules differ from the live version's
 * on purpose);
 * `npm run rebuild -- <projection> --list` shows the versions; `--drop <version>` drops a
 * retired or failed one.
 */
const [name, ...flags] = process.argv.slice(2);
if (!name || !isProjectionName(name)) {
  process.stderr.write(
    `usage: npm run rebuild -- <${Object.keys(projections).join('|')}> [--no-switch | --accept-differences | --list | --drop <version>]\n`,
  );
  process.exit(2);
}
const config = parseProcessorsConfig(process.env);
const logger = createLogger({ service: 'rebuild' }, { level: 'warn' });
// Four for the build, one holding its build lock.
const pool = surviveConnectionLoss(new pg.Pool({ connectionString: config.databaseUrl, max: 5 }), logger);
await migrate(config.databaseUrl, { logger });
try {
  if (flags[0] === '--list') {
    for (const v of await listVersions(pool, name)) process.stdout.write(`${JSON.stringify(v)}\n`);
  } else if (flags[0] === '--drop') {
    const dropped = await dropVersion(pool, name, Number(flags[1]));
    process.stdout.write(
      dropped ? `dropped ${name} v${flags[1]}\n` : `no retired or failed version ${flags[1]} of ${name}\n`,
    );
  } else {
    // The projection's build lock, as the processors' builds hold it: a build the processors
    // resume (./requests.ts) is never built twice at once.
    const built = await withSessionLock(pool, buildLockOf(name), async () => {
      const result = await rebuildProjection({
        brokers: config.kafkaBrokers,
        security: config.kafkaSecurity,
        pool,
        codec: createRegistryCodec({ url: config.schemaRegistryUrl, auth: config.registryAuth }),
        projection: projections[name],
        namespace: config.namespace,
        logger,
        switchWhenEqual: !flags.includes('--no-switch'),
        acceptDifferences: flags.includes('--accept-differences'),
        progressIntervalMs: 1000,
        onProgress: (p) =>
          process.stdout.write(
            `${p.state}: ${p.recordsApplied} records applied, ${p.ratePerSecond} records/s, ${p.remainingLag} behind the log end\n`,
          ),
      });
      process.stdout.write(
        `${JSON.stringify({ version: result.version.version, switched: result.switched, comparison: result.progress.comparison })}\n`,
      );
    });
    if (!built) {
      process.stderr.write(
        `another build of ${name} is running (processors or another rebuild); try again once it is done\n`,
      );
      process.exitCode = 1;
    }
  }
} finally {
  await pool.end();
}
