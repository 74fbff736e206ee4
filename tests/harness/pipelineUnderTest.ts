import type { ProjectionName } from '@tradelog/projections';
import type { KafkaSecurity } from '@tradelog/schemas/kit/log/kafkaSecurity';
import { createProjectionRoutes } from '../../query-api/src/lenders/routes.ts';
import { type DocumentPipeline, startDocumentPipeline } from './documentPipeline.ts';
import { startQueryAppUnderTest } from './queryAppUnderTest.ts';

/**
 * The pipeline a cross-service test drives, in one call: a migrated Postgres schema of the
 * test's own, API keys, ingest on topics of its own, the named projections running as the
 * processors run them, and the real query-api app serving the lender routes on a loopback port.
 * `close` takes it all down again.
 */
export interface PipelineUnderTest extends Omit<DocumentPipeline<string>, 'stop'> {
  queryUrl: string;
  close(): Promise<void>;
}

export async function startPipelineUnderTest(options: {
  prefix: string;
  /** Another Kafka than the shared stack's (a secured listener's test). */
  kafka?: { brokers: string[]; security?: KafkaSecurity };
  projections: readonly ProjectionName[];
  keys: Record<
    string,
    {
      kind: 'partner' | 'lender' | 'operator';
      enterprises: string[];
      feeds?: readonly string[];
      /** The account's name; its code by default. */
      name?: string;
    }
  >;
}): Promise<PipelineUnderTest> {
  const { stop, ...pipeline } = await startDocumentPipeline(options);
  const queryApp = await startQueryAppUnderTest(pipeline.pool, [
    createProjectionRoutes({ pool: pipeline.pool, namespace: pipeline.db.schema }),
  ]);
  return {
    ...pipeline,
    queryUrl: queryApp.url,
    async close() {
      await queryApp.close();
      await stop();
    },
  };
}
