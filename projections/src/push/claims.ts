import type { Queryable } from '../db.ts';
import { type DeliveryForAttempt, toDeliveryForAttempt } from './deliveries.ts';

/*
 * The claim of due deliveries (README "Claims"), in one module: the SQL function
 * `push_claim_deliveries` is the statement, as its newest migration defines it
 * (1766700000000_push-claim-ids.sql; README "One claim statement" says why the older
 * definitions stay), and `claimDueDeliveries` below is its only caller. The claims' lock that
 * writers leasing rows themselves take, and the end of claims when a delivery leaves `pending`,
 * live beside it.
 */

/**
 * Takes the claims' lock (the one `push_claim_deliveries` takes) until the transaction ends: for
 * a writer that leases rows itself (`insertDeliveries` with a lease), so no claim counts a
 * subscription's claimed rows while it adds to them. Taken again by the same transaction, it is
 * the same lock.
 */
export async function lockClaims(db: Queryable): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext(current_schema() || '/push_deliveries/claims'))`);
}

/** A pg-boss job that came: attempt `attempt` of a `scheduled` delivery is due. */
export interface ScheduledAttempt {
  deliveryId: string;
  attempt: number;
}

/** What a claim asks for (`claimDueDeliveries`; a worker's claim is built by ./workerClaims.ts). */
export interface DeliveryClaim {
  limit: number;
  perSubscription: number;
  now: Date;
  leaseUntil: Date;
  scheduled?: readonly ScheduledAttempt[];
  /** The claiming worker (`claimHolder`), or null: then the lease alone ends the claims. */
  holder?: string | null;
  /** This claim's own id, for `releaseClaims` should its answer be lost. */
  claim?: string;
}

/**
 * Claims up to `limit` due deliveries (README "Claims"): `pending`, due by `now`, not claimed by
 * a live lease — oldest due first — and leases them until `leaseUntil`. No subscription gets more
 * than `perSubscription` claimed at once, those still in flight from earlier claims counted, over
 * every process (the claim is serialized: `push_claim_deliveries`, as migration
 * 1766700000000_push-claim-ids.sql defines it, README "One claim statement"). With `scheduled`,
 * only those deliveries, which their jobs made due; one whose subscription has no room is left
 * pending for the next claim. Returns the claimed deliveries with everything an attempt needs,
 * read by the claim's own statement, after its lock: it sees everything committed before.
 */
export async function claimDueDeliveries(
  db: Queryable,
  options: DeliveryClaim,
): Promise<DeliveryForAttempt[]> {
  const { scheduled } = options;
  const { rows } = await db.query('SELECT * FROM push_claim_deliveries($1, $2, $3, $4, $5, $6, $7, $8)', [
    options.now,
    options.leaseUntil,
    options.limit,
    options.perSubscription,
    scheduled ? scheduled.map((job) => job.deliveryId) : null,
    scheduled ? scheduled.map((job) => job.attempt) : null,
    options.holder ?? null,
    options.claim ?? null,
  ]);
  return rows.map(toDeliveryForAttempt);
}

/**
 * Ends the claims of workers that are gone: their holder's advisory lock is no longer held
 * (migration 1766500000000_push-claim-holders.sql). Their deliveries are claimed again at once
 * rather than when the leases run out. Returns how many claims ended.
 */
export async function releaseGoneHolders(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ released: number }>('SELECT push_release_gone_holders() AS released');
  return rows[0]!.released;
}

/**
 * Ends the claims of the given ids (migration 1766700000000_push-claim-ids.sql): claims whose
 * answer never reached the worker that made them (README "Claims whose answer was lost"). Returns
 * how many ended.
 */
export async function releaseClaims(db: Queryable, claims: readonly string[]): Promise<number> {
  const { rows } = await db.query<{ released: number }>(
    'SELECT push_release_claims($1::uuid[]) AS released',
    [claims],
  );
  return rows[0]!.released;
}

/**
 * A CTE ending the claims of the deliveries a statement moved (CTE `moved`, column `id`): a claim
 * lives only while its delivery is pending (migration 1764700000000_push-claims-table.sql).
 * `among`, an SQL `uuid[]` holding every id `moved` may hold, gives the delete its index
 * condition whatever the planner counts in `moved` (a prepared statement's generic plan counts
 * one row and would read every claim).
 */
export const endClaims = (among?: string) =>
  `ended AS (DELETE FROM push_delivery_claims c USING moved WHERE c.delivery_id = moved.id${
    among ? ` AND c.delivery_id = ANY(${among})` : ''
  })`;

/**
 * Runs `update`, an UPDATE of push_deliveries that moves deliveries out of `pending` (RETURNING
 * their ids as `id`), and ends their claims in the same statement (`endClaims`). How many it moved.
 */
export async function moveEndingClaims(db: Queryable, update: string, values: unknown[]): Promise<number> {
  const { rows } = await db.query(
    `WITH moved AS (
       ${update}),
     ${endClaims()}
     SELECT count(*)::int AS n FROM moved`,
    values,
  );
  return rows[0].n;
}
