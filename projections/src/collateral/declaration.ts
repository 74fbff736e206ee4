import { declareProjection } from '../declaration.ts';
import { linkNodeDeclaration } from '../link-node/declaration.ts';
import { createPledgeTables } from './pledgeTables.ts';
import { createCollateralTables } from './tables.ts';

/** A chain's rows compared by membership, as link-node compares its nodes: chain ids depend on arrival order. */
const byChainAnchor = (table: string) =>
  `(SELECT t.*, (SELECT min(n.node_id) FROM {schema}.nodes n WHERE n.chain_id = t.chain_id) AS chain_anchor FROM {schema}.${table} t)`;

/**
 * Collateral behind financings (processors/README.md "Collateral rules"). It keeps its own
 * link-node chains, built by link-node's own reducer and batch shell in its schema, so that a
 * rebuild reads nothing but the log; on top of them, the pieces of collateral each chain holds,
 * the financings each holds and every pairing of two financings on one piece.
 */
export const collateralDeclaration = declareProjection({
  name: 'collateral',
  title: { cn: '押品重复融资', en: 'Collateral behind financings' },
  // link-node's attribution shell, run in its own schema, keeps its own pending documents.
  attributes: true,
  // 2: pieces marked when another chain holds them too, financings counting their unsettled
  // purchases, kept a row each (processors/README.md "Collateral rules": a step costs what its
  // document changes). 3: release and coverage alerts (processors/README.md "Release and coverage
  // alerts"): the stock behind receipts, the releases published, coverage; reads stock reports.
  // 4: each receipt's value kept (receipt_values), so that coverage reads a chain's receipts as
  // one total instead of every order of every receipt the chain holds; the largest line on each
  // stock key kept (pledge_key_max), so that a batch reads a key's receipts only when its stock
  // runs low. 5: each financing's purchases kept summed (financing_amounts), so that a batch reads
  // the amounts of the purchases it names, not of every purchase of every financing it loads.
  // 6: the lines counting on each stock key kept with their largest (pledge_key_lines, instead
  // of the largest line ever), so that a batch reads no receipt of a key on which only its own
  // lines count, however many receipts once had a line there.
  revision: 6,
  reads: [...linkNodeDeclaration.reads, 'warehouseStock'],
  // Link-node's tables and the attribution tables, then its own.
  createTables: async (db, schema) => {
    await linkNodeDeclaration.createTables(db, schema);
    await createCollateralTables(db, schema);
    await createPledgeTables(db, schema);
  },
  compared: [
    ...linkNodeDeclaration.compared,
    {
      table: byChainAnchor('chain_pieces'),
      label: 'chain_pieces',
      key: 'chain_anchor || piece_key',
      hash: 'md5(row(kind, number, warehouse, enterprise, first_seen, provenance, shared)::text)',
    },
    {
      table: byChainAnchor('financings'),
      label: 'financings',
      key: 'financing_key',
      hash: 'md5(row(chain_anchor, purchases, unsettled, open, first_seen, provenance)::text)',
    },
    // Which pairings were seen, not which document saw each first: that may depend on how a
    // read interleaved the topics (processors/README.md "Collateral rules").
    { table: 'pairings', key: 'pair_key', hash: 'md5(row(piece_key, financing_a, financing_b)::text)' },
    {
      table: 'pledge_orders',
      key: 'order_key',
      hash: 'md5(row(direction, enterprise, order_no, warehouse_id, receipt, tallied, movements, provenance)::text)',
    },
    // A key at 0 and a key never moved are the same stock (`?? 0`): whether a 0 row exists
    // depends on how the topics interleaved (an inbound placed before or after its tally).
    {
      table: '(SELECT * FROM {schema}.pledge_balances WHERE qty <> 0)',
      label: 'pledge_balances',
      key: 'stock_key',
      hash: 'md5(qty::text)',
    },
    // The lines counting, not their bound: the largest since a key last had none is an upper
    // bound that saves reads, and depends on the order its lines came and went in.
    {
      table: '(SELECT * FROM {schema}.pledge_key_lines WHERE lines > 0)',
      label: 'pledge_key_lines',
      key: 'stock_key',
      hash: 'md5(lines::text)',
    },
    {
      table: 'receipt_values',
      key: "enterprise || ' ' || piece_key",
      hash: 'md5(row(qty, value, cents, unpriced_lines)::text)',
    },
    { table: 'pledge_reports', key: 'stock_key', hash: 'md5(qty::text)' },
    {
      table: 'financing_amounts',
      key: 'financing_key',
      hash: 'md5(row(purchases, unknown, millionths)::text)',
    },
    {
      table: 'financing_coverage',
      key: 'financing_key',
      hash: 'md5(row(coverage, stock_value, purchase_amount, unpriced_lines)::text)',
    },
    // Which releases were seen, as for pairings: the causing document, not who saw it first.
    { table: 'releases', key: 'release_key', hash: 'md5(row(financing_key, piece_key, cause)::text)' },
    // coverage_crossings is not compared: it depends on the thresholds in force when a document
    // was applied (lenders change them), not on the log alone.
  ],
});
