import type { DocumentTypeId } from './catalogue.ts';

/**
 * Which field names a document's enterprise (processors/README.md "Enterprise key"): the
 * link-node query names enterprises by `customerCode`, so it wins wherever a document carries
 * it; otherwise the document type's own enterprise field. Processors attribute documents with
 * it, ingest checks a partner's grants with it: one table for both.
 */
export const enterpriseFallbackFields: Readonly<Partial<Record<DocumentTypeId, readonly string[]>>> = {
  // The declaring firm's code: the only enterprise a check note names for sure (§3.5).
  check: ['declareCode'],
  // Bonded e-commerce: the e-commerce enterprise owns the goods (§3.6, §3.7).
  ondedEcOrder: ['electricCode'],
  bondedEcLogistics: ['electricCode'],
  // Goods import names its enterprise in the header (§3.8).
  goods: ['enterpriseCode'],
  // Inbound and outbound headers name their enterprise fields nowhere (§3.3); we accept the
  // names the other documents use, sent as additional properties.
  inbound: ['enterpriseCode'],
  outbound: ['enterpriseCode'],
  clearance: ['consumUnitNo'],
};

const textOf = (value: unknown): string | undefined => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

/** The document's enterprise and the field that named it; undefined when it names none (unattributed). */
export function enterpriseFieldOf(
  type: DocumentTypeId,
  document: Readonly<Record<string, unknown>>,
): { field: string; enterprise: string } | undefined {
  for (const field of ['customerCode', ...(enterpriseFallbackFields[type] ?? [])]) {
    const enterprise = textOf(document[field]);
    if (enterprise !== undefined) return { field, enterprise };
  }
  return undefined;
}

/**
 * Every enterprise a document names, with where: its own (as above) and, for goods, each goods
 * line's `customerCode` (a line's own code wins for that line, processors/README.md).
 */
export function enterprisesNamedBy(
  type: DocumentTypeId,
  document: Readonly<Record<string, unknown>>,
): { field: string; enterprise: string }[] {
  const named = [];
  const own = enterpriseFieldOf(type, document);
  if (own) named.push(own);
  if (type === 'goods' && Array.isArray(document.goodsList)) {
    document.goodsList.forEach((line: unknown, index) => {
      const enterprise = textOf((line as Record<string, unknown> | null)?.customerCode);
      if (enterprise !== undefined) named.push({ field: `goodsList[${index}].customerCode`, enterprise });
    });
  }
  return named;
}
