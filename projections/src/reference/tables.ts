import { ident, type Queryable } from '../db.ts';
import { type Column, writeRecordset } from '../recordsets.ts';

/**
 * Tables of the reference projection (query spec §3, §7, §9): the current state per vessel
 * (archive and AIS), bill, route service, vessel call, flight, truck and ocean carrier. Every table has the same shape —
 * the natural key, the columns the look-ups filter on, the fields as the provider stated them
 * (`fields`) and where they came from (`source`) — so one writer and one loader serve them all,
 * each a single set-based statement per table per batch (processors/README.md "Batches").
 */
export type ReferenceFamily = 'vessel' | 'ais' | 'bill' | 'route' | 'call' | 'flight' | 'truck' | 'carrier';

interface FamilyTable {
  table: string;
  key: string;
  /** Filter columns and their SQL types. */
  columns: Readonly<Record<string, 'text' | 'timestamptz'>>;
  indexes: readonly string[];
}

export const referenceTables: Readonly<Record<ReferenceFamily, FamilyTable>> = {
  vessel: {
    table: 'vessels',
    key: 'mmsi',
    columns: { imo: 'text', name_key: 'text', callsign_key: 'text' },
    indexes: ['imo', 'name_key', 'callsign_key'],
  },
  ais: {
    table: 'ais_positions',
    key: 'mmsi',
    columns: { imo: 'text', name_key: 'text', callsign_key: 'text', update_time: 'timestamptz' },
    indexes: ['imo', 'name_key', 'callsign_key'],
  },
  bill: {
    table: 'bills',
    key: 'bill_key',
    columns: { customer_code: 'text', bill_no: 'text', booking_no: 'text' },
    indexes: ['customer_code, bill_no', 'customer_code, booking_no'],
  },
  route: {
    table: 'route_services',
    key: 'route_key',
    columns: { carriercd: 'text', service: 'text', route: 'text' },
    indexes: ['carriercd, service'],
  },
  call: {
    table: 'vessel_calls',
    key: 'call_key',
    columns: { port_code: 'text', vessel_key: 'text', ivoyage: 'text', evoyage: 'text' },
    indexes: ['port_code, vessel_key'],
  },
  flight: {
    table: 'flights',
    key: 'flight_id',
    columns: {
      dep_airport: 'text',
      arr_airport: 'text',
      dep_time: 'timestamptz',
      arr_time: 'timestamptz',
      updated: 'timestamptz',
    },
    indexes: ['dep_airport, arr_airport, dep_time'],
  },
  truck: {
    table: 'trucks',
    key: 'truck_no',
    columns: { last_time: 'timestamptz' },
    indexes: [],
  },
  carrier: {
    table: 'carriers',
    key: 'carrier_code',
    columns: {},
    indexes: [],
  },
};

/** Upper case, blanks collapsed: how names, call signs, voyages and plates are stored and matched. */
export const lookupKey = (value: string | undefined): string | null =>
  value === undefined ? null : value.trim().replace(/\s+/g, ' ').toUpperCase() || null;

export const referenceFamilies = Object.keys(referenceTables) as ReferenceFamily[];

/** One row of any reference table. Timestamps travel as ISO strings. */
export interface ReferenceRow {
  key: string;
  columns: Readonly<Record<string, string | null>>;
  fields: Readonly<Record<string, unknown>>;
  source: Readonly<Record<string, unknown>>;
}

export async function createReferenceTables(db: Queryable, schema: string): Promise<void> {
  const s = ident(schema);
  for (const spec of Object.values(referenceTables)) {
    const columns = [
      `${spec.key} text PRIMARY KEY`,
      ...Object.entries(spec.columns).map(([name, type]) => `${name} ${type}`),
      'fields jsonb NOT NULL',
      'source jsonb NOT NULL',
    ];
    await db.query(`CREATE TABLE IF NOT EXISTS ${s}.${spec.table} (${columns.join(', ')})`);
    for (const [index, columnList] of spec.indexes.entries()) {
      await db.query(
        `CREATE INDEX IF NOT EXISTS ${spec.table}_${index} ON ${s}.${spec.table} (${columnList})`,
      );
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a pg row
const toRow = (spec: FamilyTable, row: any): ReferenceRow => ({
  key: row[spec.key],
  columns: Object.fromEntries(
    Object.keys(spec.columns).map((name) => {
      const value = row[name];
      return [name, value instanceof Date ? value.toISOString() : (value ?? null)];
    }),
  ),
  fields: row.fields,
  source: row.source,
});

/** The rows of one family with the given keys (one statement, `= ANY($1)`). */
export async function findReferenceRows(
  db: Queryable,
  schema: string,
  family: ReferenceFamily,
  keys: readonly string[],
): Promise<ReferenceRow[]> {
  const spec = referenceTables[family];
  const { rows } = await db.query(
    `SELECT * FROM ${ident(schema)}.${spec.table} WHERE ${spec.key} = ANY($1)`,
    [keys],
  );
  return rows.map((row) => toRow(spec, row));
}

/** Writes a batch's changed rows of one family with one statement, in key order. */
export async function upsertReferenceRows(
  db: Queryable,
  schema: string,
  family: ReferenceFamily,
  rows: readonly ReferenceRow[],
): Promise<void> {
  const spec = referenceTables[family];
  const columns: Column<ReferenceRow>[] = [
    [spec.key, 'text', (row) => row.key],
    ...Object.entries(spec.columns).map(
      ([name, type]): Column<ReferenceRow> => [name, type, (row) => row.columns[name]],
    ),
    ['fields', 'jsonb', (row) => row.fields],
    ['source', 'jsonb', (row) => row.source],
  ];
  await writeRecordset(db, { table: `${ident(schema)}.${spec.table}`, key: [spec.key], columns }, rows);
}
