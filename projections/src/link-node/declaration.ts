import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { withAttributionTables } from '../attribution/attributingProjection.ts';
import { attributionCompared } from '../attribution/tables.ts';
import { declareProjection } from '../declaration.ts';
import { createLinkNodeTables } from './tables.ts';

/** Master data joins no chain (processors/README.md, "Link-node rules"); feeds are no trade documents. */
const masterData = new Set(['goods', 'synchronizeGoods']);
const tradeDocument = new Set(['logistics', 'business']);

/**
 * Link-node chains. Compared by membership (each node with the smallest node id of its chain),
 * not by chain id: a chain's id depends on which of its documents arrived first, which may
 * differ between two reads of several topics.
 */
export const linkNodeDeclaration = declareProjection({
  name: 'link-node',
  title: { cn: '链路节点', en: 'Link-node chains' },
  attributes: true,
  // 2: a document whose order keys name two enterprises is contested and waits (processors/README.md
  // "Attribution"); node documents kept as json.
  revision: 2,
  reads: documentTypes
    .filter((type) => tradeDocument.has(type.group) && !masterData.has(type.id))
    .map((type) => type.id),
  // Documents attributed through an order or waiting for one (processors/README.md, "Attribution").
  createTables: withAttributionTables(createLinkNodeTables),
  compared: [
    {
      table: '(SELECT *, min(node_id) OVER (PARTITION BY chain_id) AS chain_anchor FROM {schema}.nodes)',
      label: 'nodes',
      key: 'node_id',
      // Compared as values, not as text: the columns are json (the text as written, a node's
      // document as the log holds it), and jsonb equality takes keys in another order, or 1.50
      // and 1.5, as the same (a version written before nodes kept the log's text wrote 1.5).
      hash: 'row(chain_anchor, block, keys::jsonb, fields::jsonb, provenance::jsonb, versions)',
    },
    ...attributionCompared,
  ],
});
