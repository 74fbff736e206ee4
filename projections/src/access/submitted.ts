import { localizedError } from '@tradelog/schemas';
import { type DocumentTypeId, documentTypes } from '@tradelog/schemas/documents/catalogue';
import { enterprisesNamedBy } from '@tradelog/schemas/documents/enterpriseFields';
import { headerNames } from '@tradelog/schemas/kit/log/headers';
import type { RawRecord, RecordReader } from '@tradelog/schemas/kit/log/records';
import type { Queryable } from '../db.ts';
import { listSubmittedPositions, type SubmittedPosition } from '../document-index/tables.ts';
import { findLiveVersion } from '../versions.ts';
import type { Submitted } from './narrowing.ts';

/**
 * What a partner account submitted since a moment, read from the log (the one source of truth):
 * the document index says where its documents are, the records themselves say every enterprise
 * each names (the same fields ingest checks grants against) and, for a feed, its family. Bounded:
 * at most `maxDocuments` documents, else the operator picks a later moment. A record that is not
 * the document the index names (a log replaced under the index: processors/README.md "When the
 * log was replaced") stops the reading rather than narrow from the wrong documents.
 */
export const maxNarrowedDocuments = 200_000;
const pageSize = 500;

export async function submittedSince(deps: {
  db: Queryable;
  reader: RecordReader;
  decode: (value: Buffer) => Promise<{ value: unknown }>;
  partnerId: string;
  since: Date;
  maxDocuments?: number;
}): Promise<Submitted> {
  const limit = deps.maxDocuments ?? maxNarrowedDocuments;
  const live = await findLiveVersion(deps.db, 'document-index');
  if (!live)
    throw localizedError('PROJECTION_NOT_READY', 503, {
      cn: '单证索引尚未建立，无法读取该账户的提交',
      en: 'The document index is not built yet: what the account submitted cannot be read',
    });
  const positions = await listSubmittedPositions(
    deps.db,
    live.schemaName,
    deps.partnerId,
    deps.since,
    limit + 1,
  );
  if (positions.length > limit)
    throw localizedError('ACCOUNT_RULE', 400, {
      cn: `自 ${deps.since.toISOString()} 起该账户提交超过 ${limit} 份单证，请选择更晚的起点（--since）`,
      en: `The account submitted more than ${limit} documents since ${deps.since.toISOString()}: pick a later --since`,
    });
  const enterprises = new Set<string>();
  const feeds = new Set<string>();
  for (const [position, record] of await recordsAt(deps.reader, positions)) {
    const { value } = await deps.decode(record.value ?? Buffer.alloc(0));
    for (const named of enterprisesNamedBy(position.type as DocumentTypeId, value as Record<string, unknown>))
      enterprises.add(named.enterprise);
    const family = documentTypes.find((type) => type.id === position.type)?.feedFamily;
    if (family) feeds.add(family);
  }
  return { enterprises: [...enterprises].sort(), feeds: [...feeds].sort(), documents: positions.length };
}

/** Each position's record, read partition by partition in pages from the next wanted offset. */
async function recordsAt(
  reader: RecordReader,
  positions: readonly SubmittedPosition[],
): Promise<[SubmittedPosition, RawRecord][]> {
  const found: [SubmittedPosition, RawRecord][] = [];
  let next = 0;
  while (next < positions.length) {
    const first = positions[next]!;
    const page = await reader.read(first.topic, first.partition, first.offset, pageSize);
    const byOffset = new Map(page.records.map((record) => [BigInt(record.offset), record]));
    const last = page.records.length > 0 ? BigInt(page.records.at(-1)!.offset) : first.offset - 1n;
    for (
      let position = positions[next];
      position &&
      position.topic === first.topic &&
      position.partition === first.partition &&
      position.offset <= last;
      position = positions[++next]
    ) {
      const record = byOffset.get(position.offset);
      if (!record || documentIdOf(record) !== position.documentId) throw notInTheLog(position);
      found.push([position, record]);
    }
    if (positions[next] === first) throw notInTheLog(first);
  }
  return found;
}

const notInTheLog = (position: SubmittedPosition) =>
  localizedError('INDEX_NOT_OF_THIS_LOG', 409, {
    cn: `单证索引所记位置 ${position.topic}:${position.partition}:${position.offset} 在日志中没有这份单证；请先按新日志重建单证索引`,
    en: `The document index names ${position.topic}:${position.partition}:${position.offset}, which holds no such document in the log: rebuild the document index from this log first`,
  });

const documentIdOf = (record: RawRecord): string | undefined =>
  record.headers.find(([name]) => name === headerNames.documentId)?.[1]?.toString('utf8');
