import {
  findLiveVersion,
  type ProjectionName,
  projectionDeclaration,
  projectionNames,
  readCheckpoints,
} from '@tradelog/projections';
import type { DocumentTypeId } from '@tradelog/schemas/documents/catalogue';
import { topicOffsets } from '@tradelog/schemas/kit/log/topics';
import type pg from 'pg';
import { quietLogger, waitFor } from './index.ts';

export type EndOffsets = Map<string, { partition: number; start: string; end: string }[]>;

/** The end offset of every partition of the topics, read now: what was acknowledged so far lies below it. */
export function endOffsetsOf(brokers: string[], topics: string[]): Promise<EndOffsets> {
  return topicOffsets({ brokers, topics, logger: quietLogger });
}

/** How many records the topics hold below the given end offsets. */
export const recordsBelow = (ends: EndOffsets): number =>
  [...ends.values()].flat().reduce((sum, p) => sum + Number(BigInt(p.end) - BigInt(p.start)), 0);

/**
 * Waits until the live version of each projection has stored a checkpoint at or past every end
 * offset: every record acknowledged before the ends were read is then in its rows (rows and
 * checkpoints commit in one transaction). A projection reads its topics in any interleaving, so
 * one document showing up says nothing about another topic's documents; this is the condition
 * that does.
 */
export async function waitForProjectionsToApply(
  pool: pg.Pool,
  ends: EndOffsets,
  options: {
    projections?: readonly ProjectionName[];
    timeoutMs?: number;
    /** Where the test keeps each document type's records: then each projection is held only to the topics it reads. */
    topicOf?: (type: DocumentTypeId) => string;
  } = {},
): Promise<void> {
  const names = options.projections ?? projectionNames;
  const readBy = (projection: ProjectionName) =>
    options.topicOf ? new Set(projectionDeclaration(projection).reads.map(options.topicOf)) : undefined;
  await waitFor(
    async () => {
      for (const projection of names) {
        const live = await findLiveVersion(pool, projection);
        if (!live) return false;
        const stored = new Map(
          (await readCheckpoints(pool, live.consumerGroup)).map((c) => [
            `${c.topic}/${c.partition}`,
            BigInt(c.nextOffset),
          ]),
        );
        const reads = readBy(projection);
        for (const [topic, partitions] of ends) {
          if (reads && !reads.has(topic)) continue;
          for (const p of partitions) {
            const next = stored.get(`${topic}/${p.partition}`) ?? BigInt(p.start);
            if (next < BigInt(p.end)) return false;
          }
        }
      }
      return true;
    },
    {
      what: `projections ${names.join(', ')} to apply every record below the end offsets`,
      timeoutMs: options.timeoutMs ?? 45_000,
    },
  );
}
