/**
 * `npm run demo [-- --run]`: loads the demo data set into the running services (npm start),
 * creates the demo keys and writes the Postman collection to deploy/demo/; with `--run`, also
 * runs the collection and exits non-zero when a request does not answer as its example says.
 */
import { fileURLToPath } from 'node:url';
import { createLogger } from '@tradelog/schemas';
import { parseDemoConfig } from './config.ts';
import { demoEnterprises } from './dataset.ts';
import { loadDemo } from './load.ts';
import { describeRun, runCollection } from './runner.ts';

const config = parseDemoConfig(process.env, fileURLToPath(new URL('.', import.meta.url)));
const logger = createLogger({ service: 'demo' }, { level: config.logLevel });

try {
  const demo = await loadDemo({ ...config, logger });
  const requests = demo.collection.item.reduce((sum, folder) => sum + folder.item.length, 0);
  console.log(
    [
      '',
      `Demo data loaded: ${demo.submitted} documents of ${demoEnterprises.length} enterprises through ingest, visible through the query API.`,
      'Demo keys (also the collection variables):',
      `  partner   ${demo.keys.partnerKey}`,
      `  lender    ${demo.keys.lenderKey}`,
      `  operator  ${demo.keys.operatorKey}`,
      '',
      `Postman collection (${requests} requests): ${demo.collectionFile}`,
      '  Postman: Import → File → that file, then Run collection.',
      '  Without Postman: npm run demo -- --run',
      `Interactive references: ${config.ingestUrl}/docs and ${config.queryApiUrl}/docs`,
      '',
    ].join('\n'),
  );
  if (process.argv.includes('--run')) {
    const results = await runCollection(demo.collection, { documents: demo.documents });
    console.log(describeRun(results));
    if (results.some((result) => result.problems.length > 0)) process.exitCode = 1;
  }
} catch (error) {
  logger.error('demo failed', { error: error as Error });
  console.error(`demo: ${(error as Error).message}`);
  process.exitCode = 1;
}
