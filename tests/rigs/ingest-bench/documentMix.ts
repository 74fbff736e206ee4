import { interfacePath } from '@tradelog/ingest/intake/interfaces';
import { type DocumentTypeId, documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';

/**
 * What partners send, roughly, for the benchmarks: e-commerce orders and deliveries dominate,
 * master data is rare. Shared by the ingest and pipeline benchmarks. The 14 submission
 * documents only: providers' reference feeds are not part of this mix.
 */
export const documentMix: Partial<Record<DocumentTypeId, number>> = {
  ondedEcOrder: 24,
  bondedEcLogistics: 24,
  saleOrderToC: 10,
  inbound: 7,
  outbound: 7,
  pod: 4,
  internalTransport: 4,
  check: 4,
  tally: 4,
  clearance: 4,
  purchase: 2,
  saleOrderToB: 2,
  synchronizeGoods: 3,
  goods: 1,
};

export interface Submission {
  type: DocumentTypeId;
  path: string;
  body: Buffer;
}

/**
 * A deterministic sequence of submissions following the mix, each with its own business key.
 * With `enterprises`, documents are spread over that many enterprises (a realistic tenant
 * spread for the projections) and every five consecutive documents of one enterprise share a
 * contract number, so link-node grows chains instead of singletons.
 */
export function buildSubmissions(
  count: number,
  options: { enterprises?: number; product?: string; prefix?: string } = {},
): Submission[] {
  const weighted = documentTypes
    .filter((type) => type.id in documentMix)
    .flatMap((type) => Array.from({ length: documentMix[type.id] ?? 0 }, () => type));
  const prefix = options.prefix ?? 'BENCH';
  return Array.from({ length: count }, (_, index) => {
    const type = weighted[(index * 7919) % weighted.length]!;
    const document = structuredClone(examples[type.id]) as unknown as Record<string, unknown>;
    const id = `${prefix}${index.toString(36).toUpperCase()}`;
    if (options.enterprises) {
      const enterprise = index % options.enterprises;
      document.customerCode = `91310000BENCH${enterprise.toString().padStart(5, '0')}`;
      document.contractNo = `${prefix}-CT-${enterprise}-${Math.floor(index / (5 * options.enterprises))}`;
    }
    // Every submission a document of its own: a sale to consumers is keyed by its enterprise, so
    // its orders get numbers of their own too.
    if (type.keyField !== 'customerCode' || !options.enterprises) document[type.keyField] = id;
    if (type.id === 'saleOrderToC' && Array.isArray(document.orderList))
      document.orderList = (document.orderList as Record<string, unknown>[]).map((order, line) => ({
        ...order,
        entOrderNo: `${id}-${line}`,
      }));
    return {
      type: type.id,
      path: interfacePath(type.path, options.product ?? 'tradelog'),
      body: Buffer.from(JSON.stringify(document)),
    };
  });
}
