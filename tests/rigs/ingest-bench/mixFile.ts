import { interfacePath } from '@tradelog/ingest/intake/interfaces';
import { type DocumentTypeId, documentTypes } from '@tradelog/schemas/documents/catalogue';
import type { Submission } from './documentMix.ts';

/**
 * Another mix for the benchmarks (`--mix <file>`): a JSON Lines file, one submission a line,
 * `{"type": "<document type id>", "document": {…}}`, as a partner's traffic captured or written
 * by hand. Blank lines are skipped. The file is read whole before the run starts and refused with
 * the line and the reason, so a typo never shows up as a run of 400s.
 *
 * A run needs more submissions than a file usually holds: the file is sent in passes. The first
 * pass is the file as written; each later pass gives every document a business key of its own
 * (`<key>-P<pass>`), so the projections insert rows as a day of traffic does instead of folding
 * versions of a few, while the fields that link documents into chains (contract, bill and
 * financing numbers) stay as written.
 */
export interface MixEntry {
  type: DocumentTypeId;
  document: Record<string, unknown>;
}

export class MixFileError extends Error {
  constructor(source: string, line: number, reason: string) {
    super(`${source} line ${line}: ${reason}`);
    this.name = 'MixFileError';
  }
}

const typeIds = new Set<string>(documentTypes.map((type) => type.id));

export function parseMix(text: string, source: string): MixEntry[] {
  const entries: MixEntry[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new MixFileError(source, index + 1, `not JSON (${(error as Error).message})`);
    }
    const { type, document } = (value ?? {}) as { type?: unknown; document?: unknown };
    if (typeof type !== 'string' || !typeIds.has(type))
      throw new MixFileError(
        source,
        index + 1,
        `"type" must be one of ${[...typeIds].join(', ')}; found ${JSON.stringify(type)}`,
      );
    if (typeof document !== 'object' || document === null || Array.isArray(document))
      throw new MixFileError(source, index + 1, '"document" must be a JSON object');
    entries.push({ type: type as DocumentTypeId, document: document as Record<string, unknown> });
  });
  if (entries.length === 0) throw new MixFileError(source, 1, 'the file holds no submission');
  return entries;
}

/** `count` submissions from the file's entries, in passes (see above). */
export function submissionsFromMix(
  entries: readonly MixEntry[],
  count: number,
  options: { product?: string } = {},
): Submission[] {
  return Array.from({ length: count }, (_, index) => {
    const entry = entries[index % entries.length]!;
    const pass = Math.floor(index / entries.length);
    const type = documentTypes.find((candidate) => candidate.id === entry.type)!;
    const document = pass === 0 ? entry.document : withKeySuffix(type, entry.document, `-P${pass}`);
    return {
      type: entry.type,
      path: interfacePath(type.path, options.product ?? 'tradelog'),
      body: Buffer.from(JSON.stringify(document)),
    };
  });
}

/**
 * The document under a business key of its own. A sale to consumers is keyed by its enterprise
 * (the catalogue's key field is `customerCode`), so its orders get the suffix instead.
 */
function withKeySuffix(
  type: (typeof documentTypes)[number],
  document: Record<string, unknown>,
  suffix: string,
): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...document };
  if (type.keyField !== 'customerCode' && typeof copy[type.keyField] === 'string')
    copy[type.keyField] = `${copy[type.keyField]}${suffix}`;
  if (type.keyField === 'customerCode' && Array.isArray(copy.orderList))
    copy.orderList = (copy.orderList as Record<string, unknown>[]).map((order) =>
      typeof order?.entOrderNo === 'string'
        ? { ...order, entOrderNo: `${order.entOrderNo}${suffix}` }
        : order,
    );
  return copy;
}
