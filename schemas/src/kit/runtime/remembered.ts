/**
 * A pure function of a string, its results remembered: for the few names a hot path meets over
 * and over (a document's field names, a log line's keys, a record's header names). At most
 * `kept` are remembered, since the names can come from data; past that the rest are computed
 * each time.
 */
export function remembered<T>(compute: (name: string) => T, kept: number): (name: string) => T {
  const results = new Map<string, T>();
  return (name) => {
    let result = results.get(name);
    if (result === undefined) {
      result = compute(name);
      if (results.size < kept) results.set(name, result);
    }
    return result;
  };
}

/**
 * A pure function of an object, its result remembered while the object lives: for what several
 * steps of a batch ask of one event, or of what is made of it (an event is never changed:
 * attribution makes a new one).
 */
export function rememberedPerObject<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const results = new WeakMap<K, V>();
  return (key) => {
    if (results.has(key)) return results.get(key) as V;
    const result = compute(key);
    results.set(key, result);
    return result;
  };
}
