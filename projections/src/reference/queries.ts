import { ident, pagedTotal, type Queryable } from '../db.ts';
import { lookupKey, type ReferenceRow, referenceTables } from './tables.ts';

/**
 * Read queries of the reference look-ups (query spec §3, §7), one function per statement.
 * Names, call signs, voyages and plates are matched as the reducer stores them: upper case,
 * blanks collapsed (`lookupKey`, tables.ts).
 */

// biome-ignore lint/suspicious/noExplicitAny: a pg row
const rowOf = (key: string, row: any): ReferenceRow => ({
  key: row[key],
  columns: {},
  fields: row.fields,
  source: row.source,
});

/** Vessels matching every identifier given (mmsi, imo, English name, call sign), at most `limit`. */
export async function findVessels(
  db: Queryable,
  schema: string,
  table: 'vessels' | 'ais_positions',
  by: { mmsi?: string; imo?: string; vesselNameEn?: string; callsign?: string },
  limit: number,
): Promise<ReferenceRow[]> {
  const { rows } = await db.query(
    `SELECT mmsi, fields, source FROM ${ident(schema)}.${table}
     WHERE ($1::text IS NULL OR mmsi = $1) AND ($2::text IS NULL OR imo = $2)
       AND ($3::text IS NULL OR name_key = $3) AND ($4::text IS NULL OR callsign_key = $4)
     ORDER BY name_key, mmsi LIMIT $5`,
    [by.mmsi ?? null, by.imo ?? null, lookupKey(by.vesselNameEn), lookupKey(by.callsign), limit],
  );
  return rows.map((row) => rowOf('mmsi', row));
}

/** One owner's bills by bill number (billNo or MBL) and/or booking number (sybknoteno or SO). */
export async function findBills(
  db: Queryable,
  schema: string,
  by: { customerCode: string; billNo?: string; bookingNo?: string },
): Promise<ReferenceRow[]> {
  const { rows } = await db.query(
    `SELECT bill_key, fields, source FROM ${ident(schema)}.bills
     WHERE customer_code = $1
       AND ($2::text IS NULL OR bill_no = $2 OR fields->>'MBL' = $2)
       AND ($3::text IS NULL OR booking_no = $3 OR fields->>'SO' = $3)
     ORDER BY bill_key LIMIT 200`,
    [by.customerCode, by.billNo ?? null, by.bookingNo ?? null],
  );
  return rows.map((row) => rowOf('bill_key', row));
}

export interface RoutePortCall {
  service: Readonly<Record<string, unknown>>;
  port: Readonly<Record<string, unknown>>;
}

/**
 * A carrier's port calls, one row per call of each service, ordered by service and call order,
 * paged; `total` counts every matching call.
 */
export async function listRoutePortCalls(
  db: Queryable,
  schema: string,
  filter: { carriercd: string; route?: string; service?: string; limit: number; offset: number },
): Promise<{ total: number; calls: RoutePortCall[] }> {
  const { rows } = await db.query(
    `SELECT r.fields - 'ports' AS service, p.port, count(*) OVER () AS total
     FROM ${ident(schema)}.route_services r
     CROSS JOIN LATERAL jsonb_array_elements(r.fields->'ports') WITH ORDINALITY AS p(port, n)
     WHERE r.carriercd = $1 AND ($2::text IS NULL OR r.route = $2) AND ($3::text IS NULL OR r.service = $3)
     ORDER BY r.service, (p.port->>'portNumber')::int, p.n
     LIMIT $4 OFFSET $5`,
    [filter.carriercd, lookupKey(filter.route), filter.service ?? null, filter.limit, filter.offset],
  );
  if (rows.length === 0 && filter.offset > 0) {
    // A page past the end still says how many there are.
    const { rows: counted } = await db.query(
      `SELECT count(*) AS total FROM ${ident(schema)}.route_services r
       CROSS JOIN LATERAL jsonb_array_elements(r.fields->'ports') AS p(port)
       WHERE r.carriercd = $1 AND ($2::text IS NULL OR r.route = $2) AND ($3::text IS NULL OR r.service = $3)`,
      [filter.carriercd, lookupKey(filter.route), filter.service ?? null],
    );
    return { total: Number(counted[0]?.total ?? 0), calls: [] };
  }
  return {
    total: pagedTotal(rows),
    calls: rows.map((row) => ({ service: row.service, port: row.port })),
  };
}

/** A vessel's calls at a port; with a voyage, the calls whose export (E) or import (I) voyage it is. */
export async function findVesselCalls(
  db: Queryable,
  schema: string,
  by: { portCode: string; vesselNameEn: string; voyage?: string; isExport?: 'E' | 'I' },
): Promise<ReferenceRow[]> {
  const { rows } = await db.query(
    `SELECT call_key, fields, source FROM ${ident(schema)}.vessel_calls
     WHERE port_code = $1 AND vessel_key = $2
       AND ($3::text IS NULL OR ($4 = 'E' AND evoyage = $3) OR ($4 = 'I' AND ivoyage = $3))
     ORDER BY fields->>'eta', call_key LIMIT 200`,
    [by.portCode, lookupKey(by.vesselNameEn), lookupKey(by.voyage), by.isExport ?? null],
  );
  return rows.map((row) => rowOf('call_key', row));
}

export interface FlightFilter {
  fromAirports: readonly string[];
  toAirports: readonly string[];
  departureFrom?: string;
  departureTo?: string;
  arrivalFrom?: string;
  arrivalTo?: string;
  from?: string;
  to?: string;
  airlines?: readonly string[];
  flightIds?: readonly string[];
  registrations?: readonly string[];
  modeSHexCodes?: readonly string[];
  aircraftClasses?: readonly string[];
  sources?: readonly string[];
  limit: number;
  offset: number;
}

const listOrNull = (values: readonly string[] | undefined) => (values && values.length > 0 ? values : null);

/**
 * Flights between the given airports, filtered, ordered by scheduled departure, paged.
 * Departure and arrival windows apply to scheduled times; `from`/`to` keep flights whose
 * scheduled departure-to-arrival span overlaps the window.
 */
export async function listFlights(
  db: Queryable,
  schema: string,
  filter: FlightFilter,
): Promise<{ total: number; flights: ReferenceRow[] }> {
  const conditions = `dep_airport = ANY($1) AND arr_airport = ANY($2)
       AND ($3::timestamptz IS NULL OR dep_time >= $3) AND ($4::timestamptz IS NULL OR dep_time <= $4)
       AND ($5::timestamptz IS NULL OR arr_time >= $5) AND ($6::timestamptz IS NULL OR arr_time <= $6)
       AND ($7::timestamptz IS NULL OR coalesce(arr_time, dep_time) >= $7)
       AND ($8::timestamptz IS NULL OR coalesce(dep_time, arr_time) <= $8)
       AND ($9::text[] IS NULL OR fields->>'airlineIcao' = ANY($9) OR fields->>'airlineIata' = ANY($9))
       AND ($10::text[] IS NULL OR flight_id = ANY($10))
       AND ($11::text[] IS NULL OR fields->>'aircraftRegistration' = ANY($11))
       AND ($12::text[] IS NULL OR upper(fields->>'modeSHexCode') = ANY($12))
       AND ($13::text[] IS NULL OR fields->>'aircraftClass' = ANY($13))
       AND ($14::text[] IS NULL OR fields->>'source' = ANY($14))`;
  const values = [
    filter.fromAirports,
    filter.toAirports,
    filter.departureFrom ?? null,
    filter.departureTo ?? null,
    filter.arrivalFrom ?? null,
    filter.arrivalTo ?? null,
    filter.from ?? null,
    filter.to ?? null,
    listOrNull(filter.airlines),
    listOrNull(filter.flightIds),
    listOrNull(filter.registrations),
    listOrNull(filter.modeSHexCodes?.map((code) => code.toUpperCase())),
    listOrNull(filter.aircraftClasses),
    listOrNull(filter.sources),
  ];
  const table = `${ident(schema)}.${referenceTables.flight.table}`;
  const [{ rows: counted }, { rows }] = await Promise.all([
    db.query(`SELECT count(*) AS total FROM ${table} WHERE ${conditions}`, values),
    db.query(
      `SELECT flight_id, fields, source FROM ${table} WHERE ${conditions}
       ORDER BY dep_time NULLS LAST, flight_id LIMIT $15 OFFSET $16`,
      [...values, filter.limit, filter.offset],
    ),
  ]);
  return { total: Number(counted[0]?.total ?? 0), flights: rows.map((row) => rowOf('flight_id', row)) };
}

/** Every ocean carrier the providers stated (§9 "Sea carriers"), by carrier code. */
export async function listCarriers(db: Queryable, schema: string): Promise<ReferenceRow[]> {
  const spec = referenceTables.carrier;
  const { rows } = await db.query(
    `SELECT ${spec.key}, fields, source FROM ${ident(schema)}.${spec.table} ORDER BY ${spec.key}`,
  );
  return rows.map((row) => rowOf(spec.key, row));
}

/** Of the given airline codes (ICAO or IATA), those some flight names (§8 40020: "carrier code unknown"). */
export async function knownAirlines(
  db: Queryable,
  schema: string,
  codes: readonly string[],
): Promise<string[]> {
  if (codes.length === 0) return [];
  const { rows } = await db.query(
    `SELECT code FROM unnest($1::text[]) AS c(code)
     WHERE EXISTS (SELECT 1 FROM ${ident(schema)}.${referenceTables.flight.table} f
       WHERE f.fields->>'airlineIcao' = c.code OR f.fields->>'airlineIata' = c.code)`,
    [codes],
  );
  return rows.map((row) => row.code as string);
}

/** A truck by plate (matched upper case), or undefined when the network never reported it. */
export async function findTruck(
  db: Queryable,
  schema: string,
  plate: string,
): Promise<ReferenceRow | undefined> {
  const { rows } = await db.query(
    `SELECT truck_no, fields, source FROM ${ident(schema)}.trucks WHERE truck_no = $1`,
    [lookupKey(plate)],
  );
  return rows[0] ? rowOf('truck_no', rows[0]) : undefined;
}
