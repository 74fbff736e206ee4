import { enterpriseOf } from './enterprise.ts';
import { type Attribution, type DocumentEvent, type DocumentTypeId, logPosition, text } from './event.ts';

/**
 * Attribution that never drops a document (processors/README.md, "Attribution"). Pure: the
 * shell (attributedProjection.ts) loads the slice of state a batch needs and saves what changed.
 *
 * 1. A document that names its enterprise (enterpriseOf: customerCode, else its type's own
 *    field) belongs to it.
 * 2. Else, when its record carries the submitting partner's single granted enterprise (header
 *    tradelog-partner-enterprise, stamped by ingest), it belongs to that one. Both come from the
 *    record itself, so they do not depend on arrival order.
 * 3. Else it belongs to the enterprise of the business order it names: an order key below
 *    already learnt from an attributed document. When its learnt keys name two enterprises it is
 *    contested: attributed to neither (kept as in 4), and it teaches nothing.
 * 4. Else it is kept as pending under its order keys, and released — attributed through the
 *    key, in log-position order — as soon as a document attributing one of them arrives
 *    (resolution cascades: a released document's keys attribute further pending ones), unless
 *    its other keys name another enterprise (contested, as in 3). A document with no order key
 *    stays pending until an operator looks at it.
 * 5. An attributed document teaches its order keys' enterprise. A key two enterprises claim is
 *    ambiguous from then on and attributes nothing (a mistaken link would show one enterprise's
 *    documents to another's lender). Whether a key is ambiguous depends only on the set of its
 *    claims, never on their order.
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
const ownOrderKey: Partial<Record<DocumentTypeId, readonly [field: string, cls: string][]>> = {
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

export function attributeDocument(state: AttributionState, event: DocumentEvent): AttributionStep {
  const keys = orderKeysOf(event);
  const direct = enterpriseOf(event.type, event.document);
  const partner = event.provenance.partnerEnterprise;
  let attribution: Attribution | undefined =
    direct !== undefined
      ? { enterprise: direct, via: 'document' }
      : partner !== undefined
        ? { enterprise: partner, via: 'partner' }
        : undefined;
  if (attribution === undefined) {
    const owners = ownersOf(state.keys, keys);
    const [only] = owners;
    if (only && owners.size === 1) attribution = { enterprise: only[0], via: 'order', key: only[1] };
  }
  const position = logPosition(event.provenance);
  if (attribution === undefined) {
    if (state.pending.has(position)) return { state, released: [] };
    const pending = new Map(state.pending);
    pending.set(position, { position, keys, event });
    return { state: { keys: state.keys, pending }, released: [] };
  }
  return learn(state, [withAttribution(event, attribution)], keys, attribution.enterprise);
}

/**
 * Teaches `keys` → `enterprise` and releases the pending documents they resolve, transitively.
 * Also the entry point of the shell's second pass, for pending documents it loaded late.
 */
export function learn(
  state: AttributionState,
  released: DocumentEvent[],
  keys: readonly string[],
  enterprise: string,
): AttributionStep {
  const known = new Map(state.keys);
  const pending = new Map(state.pending);
  const queue: [string, string][] = keys.map((key) => [key, enterprise]);
  while (queue.length > 0) {
    const [key, owner] = queue.shift()!;
    const current = known.get(key);
    if (current === undefined) known.set(key, owner);
    else if (current !== owner && current !== null) known.set(key, null);
    const resolver = known.get(key);
    if (!resolver) continue;
    const resolved = [...pending.values()]
      .filter((entry) => entry.keys.includes(key) && ownersOf(known, entry.keys).size === 1)
      .sort((a, b) => comparePositions(a.event, b.event));
    for (const entry of resolved) {
      pending.delete(entry.position);
      released.push(withAttribution(entry.event, { enterprise: resolver, via: 'order', key }));
      for (const next of entry.keys) if (next !== key) queue.push([next, resolver]);
    }
  }
  const changed = known.size !== state.keys.size || [...known].some(([k, v]) => state.keys.get(k) !== v);
  if (!changed && pending.size === state.pending.size) return { state, released };
  return { state: { keys: known, pending }, released };
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

/** Log order across topics: receivedAt, then topic, partition and offset. */
function comparePositions(a: DocumentEvent, b: DocumentEvent): number {
  const pa = a.provenance;
  const pb = b.provenance;
  return (
    pa.receivedAt.localeCompare(pb.receivedAt) ||
    pa.topic.localeCompare(pb.topic) ||
    pa.partition - pb.partition ||
    Number(BigInt(pa.offset) - BigInt(pb.offset))
  );
}
