import { enterpriseOf } from './enterpriseKey.ts';
import {
  type Attribution,
  type DocumentEvent,
  type DocumentOf,
  type DocumentTypeId,
  type FieldOf,
  logPosition,
  text,
} from './event.ts';
import { compareLogOrder } from './logOrder.ts';

/**
 * Attribution that never drops a document (processors/README.md, "Attribution"). Pure: the
 * shell (attributedProjection.ts) loads the slice of state a batch needs and saves what changed.
 *
 * 1. A document that names its enterprise (enterpriseOf: customerCode, else its type's own
 *    field) belongs to it.
 * 2. Else, when the submitting account was granted exactly one enterprise (the grants its record
 *    carries, header tradelog-partner-grants, or the older tradelog-partner-enterprise), it
 *    belongs to that one. Both come from the record itself, so they do not depend on arrival
 *    order.
 * 3. Else it belongs to the enterprise of the business order it names: an order key below
 *    already learnt from an attributed document, provided the submitting account was granted
 *    that enterprise when it submitted (its record's grants; a record carrying none is granted
 *    nothing). An order number alone never lets a partner write into an enterprise it was not
 *    granted. When its learnt keys name two enterprises it is contested: attributed to neither
 *    (kept as in 4), and it teaches nothing.
 * 4. Else it is kept as pending under its order keys, and released — attributed through the
 *    key, in log-position order — as soon as a document attributing one of them to an enterprise
 *    its grants hold arrives (resolution cascades: a released document's keys attribute further
 *    pending ones), unless its other keys name another enterprise (contested, as in 3). A
 *    document with no order key, or whose keys lead only outside its grants, stays pending and
 *    is listed for operators (GET /ops/unattributed/:projection).
 * 5. An attributed document teaches its order keys' enterprise. A key two enterprises claim is
 *    ambiguous from then on and attributes nothing (a mistaken link would show one enterprise's
 *    documents to another's lender). Given its claims, whether a key is ambiguous does not
 *    depend on the order they came in.
 * 6. A record already pending (same log position) is not kept twice.
 *
 * What arrival order can still change (processors/README.md "Attribution", "Rebuild and
 * arrival order"): only documents linked, through documents that name no enterprise, to two
 * enterprises. Nothing is ever withdrawn from an enterprise, so a document attributed before the
 * second enterprise's claim arrived stays where it went; read in another order it may stay
 * pending instead, or go to the other enterprise when it names keys of both.
 */
const plainOrderKeys = [
  'busiOrderNo',
  'inboundOrderNo',
  'outboundOrderNo',
  'wmsOrderNo',
  'poOrderNo',
] as const;

/** A document's own number is an order key of the class its type is known by (as link-node's rules). */
const ownOrderKey: { [T in DocumentTypeId]?: readonly [field: FieldOf<DocumentOf<T>>, cls: string][] } = {
  inbound: [['entOrderNo', 'inboundOrderNo']],
  outbound: [['entOrderNo', 'outboundOrderNo']],
  purchase: [
    ['wmsOrderNo', 'inboundOrderNo'],
    ['entOrderNo', 'poOrderNo'],
  ],
  saleOrderToB: [['wmsOrderNo', 'outboundOrderNo']],
};

/** The order keys (`class=value`) of a document, sorted. */
export function orderKeysOf(event: Pick<DocumentEvent, 'type' | 'document'>): string[] {
  const keys = new Set<string>();
  for (const field of plainOrderKeys) {
    const value = text(event.document, field);
    if (value !== undefined) keys.add(`${field}=${value}`);
  }
  for (const [field, cls] of ownOrderKey[event.type] ?? []) {
    const value = text(event.document, field);
    if (value !== undefined) keys.add(`${cls}=${value}`);
  }
  return [...keys].sort();
}

/** A key's enterprise, or null once two enterprises claimed it (rule 5). */
export type KeyOwner = string | null;

export interface PendingDocument {
  position: string;
  keys: readonly string[];
  event: DocumentEvent;
}

export interface AttributionState {
  keys: ReadonlyMap<string, KeyOwner>;
  pending: ReadonlyMap<string, PendingDocument>;
}

export interface AttributionStep {
  state: AttributionState;
  /** The documents attributed by this step, in the order the projection applies them. */
  released: DocumentEvent[];
}

const withAttribution = (event: DocumentEvent, attribution: Attribution): DocumentEvent =>
  attribution.via === 'document' ? event : { ...event, attribution };

/**
 * The fold over a batch. Pure from outside (the given state is never changed), but the batch
 * works on one copy of it with an index of pending documents by order key, so a batch costs what
 * its documents touch, not the size of the state times the number of documents.
 */
class WorkingState {
  readonly keys: Map<string, KeyOwner>;
  readonly pending: Map<string, PendingDocument>;
  private readonly byKey = new Map<string, Set<string>>();
  private readonly from: AttributionState;
  changed = false;

  constructor(from: AttributionState) {
    this.from = from;
    this.keys = new Map(from.keys);
    this.pending = new Map(from.pending);
    for (const entry of from.pending.values()) this.index(entry);
  }

  private index(entry: PendingDocument): void {
    for (const key of entry.keys) {
      const positions = this.byKey.get(key) ?? new Set<string>();
      positions.add(entry.position);
      this.byKey.set(key, positions);
    }
  }

  keep(entry: PendingDocument): void {
    this.pending.set(entry.position, entry);
    this.index(entry);
    this.changed = true;
  }

  /** The pending documents naming `key` that `releasable` lets go, taken out of the pending set, in log order. */
  takePending(key: string, releasable: (entry: PendingDocument) => boolean): PendingDocument[] {
    const positions = this.byKey.get(key);
    if (!positions || positions.size === 0) return [];
    const taken: PendingDocument[] = [];
    for (const position of [...positions]) {
      const entry = this.pending.get(position);
      if (!entry || !releasable(entry)) continue;
      this.pending.delete(position);
      for (const other of entry.keys) this.byKey.get(other)?.delete(position);
      taken.push(entry);
    }
    if (taken.length > 0) this.changed = true;
    return taken.sort((a, b) => compareLogOrder(a.event.provenance, b.event.provenance));
  }

  setOwner(key: string, owner: KeyOwner): void {
    if (this.keys.get(key) === owner && this.keys.has(key)) return;
    this.keys.set(key, owner);
    this.changed = true;
  }

  result(released: DocumentEvent[]): AttributionStep {
    return { state: this.changed ? { keys: this.keys, pending: this.pending } : this.from, released };
  }
}

/** Attributes a batch's documents in log order (rules 1–6). */
export function attributeDocuments(
  state: AttributionState,
  events: readonly DocumentEvent[],
): AttributionStep {
  const work = new WorkingState(state);
  const released: DocumentEvent[] = [];
  for (const event of events) attributeInto(work, event, released);
  return work.result(released);
}

export const attributeDocument = (state: AttributionState, event: DocumentEvent): AttributionStep =>
  attributeDocuments(state, [event]);

/** Whether the submitting account of a document that names no enterprise was granted `enterprise` (rule 3). */
export function grantedTo(event: Pick<DocumentEvent, 'partnerGrants'>, enterprise: string): boolean {
  const grants = event.partnerGrants;
  return grants !== undefined && (grants.includes('*') || grants.includes(enterprise));
}

/** The single enterprise the submitting account was granted, if it was granted exactly one (rule 2). */
export function partnerEnterpriseOf(event: DocumentEvent): string | undefined {
  const grants = event.partnerGrants;
  if (grants?.length === 1 && grants[0] !== '*') return grants[0];
  return event.provenance.partnerEnterprise;
}

function attributeInto(work: WorkingState, event: DocumentEvent, released: DocumentEvent[]): void {
  const keys = orderKeysOf(event);
  const direct = enterpriseOf(event.type, event.document);
  const partner = direct === undefined ? partnerEnterpriseOf(event) : undefined;
  let attribution: Attribution | undefined =
    direct !== undefined
      ? { enterprise: direct, via: 'document' }
      : partner !== undefined
        ? { enterprise: partner, via: 'partner' }
        : undefined;
  if (attribution === undefined) {
    const owners = ownersOf(work.keys, keys);
    const [only] = owners;
    if (only && owners.size === 1 && grantedTo(event, only[0]))
      attribution = { enterprise: only[0], via: 'order', key: only[1] };
  }
  const position = logPosition(event.provenance);
  if (attribution === undefined) {
    if (!work.pending.has(position)) work.keep({ position, keys, event });
    return;
  }
  released.push(withAttribution(event, attribution));
  learnInto(
    work,
    released,
    keys.map((key) => [key, attribution.enterprise]),
  );
}

/**
 * Teaches each key its enterprise and releases the pending documents they resolve, transitively.
 * Also the entry point of the shell's second pass, for pending documents it loaded late.
 */
export function learn(
  state: AttributionState,
  released: DocumentEvent[],
  taught: readonly (readonly [key: string, enterprise: string])[],
): AttributionStep {
  const work = new WorkingState(state);
  learnInto(work, released, taught);
  return work.result(released);
}

function learnInto(
  work: WorkingState,
  released: DocumentEvent[],
  taught: readonly (readonly [key: string, enterprise: string])[],
): void {
  const queue = [...taught];
  for (let next = 0; next < queue.length; next++) {
    const [key, owner] = queue[next]!;
    const current = work.keys.get(key);
    if (current === undefined) work.setOwner(key, owner);
    else if (current !== owner && current !== null) work.setOwner(key, null);
    const resolver = work.keys.get(key);
    if (!resolver) continue;
    // A document whose other keys name another enterprise is contested, and one whose account
    // was not granted the key's enterprise is not released to it: both stay (rules 3, 4).
    const releasable = (entry: PendingDocument) =>
      ownersOf(work.keys, entry.keys).size === 1 && grantedTo(entry.event, resolver);
    for (const entry of work.takePending(key, releasable)) {
      released.push(withAttribution(entry.event, { enterprise: resolver, via: 'order', key }));
      for (const other of entry.keys) if (other !== key) queue.push([other, resolver]);
    }
  }
}

/** The enterprises a document's learnt keys name (ambiguous keys name none), each with its first key. */
function ownersOf(known: ReadonlyMap<string, KeyOwner>, keys: readonly string[]): Map<string, string> {
  const owners = new Map<string, string>();
  for (const key of keys) {
    const owner = known.get(key);
    if (owner && !owners.has(owner)) owners.set(owner, key);
  }
  return owners;
}
