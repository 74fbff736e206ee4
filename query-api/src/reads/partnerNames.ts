import type pg from 'pg';

/**
 * Lender answers name the partner account behind every document they show (query-api/README.md
 * "Provenance"): rows keep the account's code (`provenance.partnerId`, from the record header);
 * the answer adds `partnerName`, the account's name now, or null for an account no longer known.
 * Names are remembered for a minute per code, so an answer costs no extra statement while they
 * are fresh; a renamed account shows in new answers within that minute.
 */
export interface PartnerNames {
  of(codes: readonly string[]): Promise<ReadonlyMap<string, string | null>>;
}

const ttlMs = 60_000;
const maxRemembered = 10_000;

export function createPartnerNames(pool: Pick<pg.Pool, 'query'>, now: () => number = Date.now): PartnerNames {
  const remembered = new Map<string, { name: string | null; until: number }>();
  return {
    async of(codes) {
      const at = now();
      const missing = codes.filter((code) => (remembered.get(code)?.until ?? 0) <= at);
      if (missing.length > 0) {
        const { rows } = await pool.query<{ code: string; name: string }>(
          `SELECT code, name FROM accounts WHERE kind = 'partner' AND code = ANY($1::text[])`,
          [missing],
        );
        const found = new Map(rows.map((row) => [row.code, row.name]));
        for (const code of missing) {
          remembered.delete(code);
          remembered.set(code, { name: found.get(code) ?? null, until: at + ttlMs });
        }
        while (remembered.size > maxRemembered) remembered.delete(remembered.keys().next().value!);
      }
      return new Map(codes.map((code) => [code, remembered.get(code)?.name ?? null]));
    },
  };
}

const namesByPool = new WeakMap<object, PartnerNames>();

/** The pool's one name cache (like readCacheOf). */
export function partnerNamesOf(pool: Pick<pg.Pool, 'query'>): PartnerNames {
  let names = namesByPool.get(pool);
  if (!names) {
    names = createPartnerNames(pool);
    namesByPool.set(pool, names);
  }
  return names;
}

type Provenance = { partnerId?: unknown };

const isProvenance = (value: unknown): value is Provenance =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && 'partnerId' in value;

function visitProvenance(value: unknown, found: (provenance: Provenance) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) visitProvenance(item, found);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'provenance') {
      for (const entry of Array.isArray(child) ? child : [child]) if (isProvenance(entry)) found(entry);
    } else visitProvenance(child, found);
  }
}

const codesByResult = new WeakMap<object, string[]>();

/** The partner codes of every `provenance` in a read's result, remembered per result object. */
export function partnerCodesIn(result: unknown): string[] {
  const memo = typeof result === 'object' && result !== null ? codesByResult.get(result) : undefined;
  if (memo) return memo;
  const codes = new Set<string>();
  visitProvenance(result, (provenance) => {
    if (typeof provenance.partnerId === 'string') codes.add(provenance.partnerId);
  });
  const list = [...codes];
  if (typeof result === 'object' && result !== null) codesByResult.set(result, list);
  return list;
}

/** The answer with `partnerName` beside every provenance's `partnerId`. */
export function withPartnerNames<T>(answer: T, names: ReadonlyMap<string, string | null>): T {
  const named = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(named);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (key !== 'provenance') out[key] = named(child);
      else if (Array.isArray(child)) out[key] = child.map((entry) => nameOne(entry));
      else out[key] = nameOne(child);
    }
    return out;
  };
  const nameOne = (entry: unknown) =>
    isProvenance(entry) && typeof entry.partnerId === 'string'
      ? { ...entry, partnerName: names.get(entry.partnerId) ?? null }
      : entry;
  return named(answer) as T;
}
