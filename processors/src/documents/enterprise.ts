import { type Document, type DocumentTypeId, text } from './event.ts';

/**
 * Which enterprise a document belongs to (processors/README.md, "Enterprise key"). The link
 * node query names the enterprise by `customerCode` (query spec §3, a unified social credit
 * code), so `customerCode` wins wherever a document carries it; otherwise the document type's
 * own enterprise field. A document with neither is unattributed: it is indexed, but it joins
 * no chain and no enterprise view, because guessing would risk showing one enterprise's
 * documents to another's lender.
 */
const fallbackField: Partial<Record<DocumentTypeId, readonly string[]>> = {
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

export function enterpriseOf(type: DocumentTypeId, document: Document): string | undefined {
  const own = text(document, 'customerCode');
  if (own !== undefined) return own;
  for (const field of fallbackField[type] ?? []) {
    const value = text(document, field);
    if (value !== undefined) return value;
  }
  return undefined;
}
