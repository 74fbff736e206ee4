import type { GoodsRow } from '@tradelog/projections/enterprise-data/tables';
import { goodsQueryFields } from '@tradelog/schemas/queries/responses';
import { pick } from './answerFields.ts';

/**
 * Every field of the goods query (query spec §3 "Goods") is answered; one that neither goods
 * import nor goods sync gave is null (contractsUnit, qtpUnit and goodsQualityDays come only
 * from a document that sends them under those names: schemas/src/documents/fields.ts).
 */
const goodsQueryFieldsUnknown = Object.fromEntries(goodsQueryFields.map((name) => [name, null]));

/** An article as the goods query answers it: its documents' fields, later ones over earlier ones. */
export function goodsOut(row: GoodsRow) {
  const sources = Object.entries(row.sources).sort(([, a], [, b]) =>
    String(a.provenance.receivedAt).localeCompare(String(b.provenance.receivedAt)),
  );
  return {
    goodsNo: row.goodsNo,
    ...goodsQueryFieldsUnknown,
    // The spec's fields alone, whatever else a goods document carried.
    ...pick(Object.assign({}, ...sources.map(([, source]) => source.fields)), goodsQueryFields),
    provenance: sources.map(([, source]) => source.provenance),
  };
}
