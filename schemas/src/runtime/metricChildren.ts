/**
 * What a metric's label values map to (a prom-client child, or several metrics' children for
 * one request), remembered per combination of values. Every `inc`/`observe` given a label object
 * makes prom-client sort, check and join the labels; on paths answering thousands of requests a
 * second (ingest's submissions) that was a measurable share of each request's CPU, while the
 * values repeat (a route, a method, a status). Looked up through one map per label, so that no
 * key string is built per call. Bounded: past `kept` combinations, `make` runs on each call.
 */
export function metricChildren<Child>(
  make: (...values: string[]) => Child,
  kept = 2048,
): (...values: (string | number)[]) => Child {
  const root = new Map<string | number, unknown>();
  let size = 0;
  return (...values) => {
    let level = root;
    for (let index = 0; index < values.length - 1; index++) {
      let next = level.get(values[index] as string | number) as Map<string | number, unknown> | undefined;
      if (next === undefined) {
        next = new Map();
        if (size < kept) level.set(values[index] as string | number, next);
      }
      level = next;
    }
    const last = values[values.length - 1] as string | number;
    let child = level.get(last) as Child | undefined;
    if (child === undefined) {
      child = make(...values.map(String));
      if (size < kept) {
        level.set(last, child);
        size++;
      }
    }
    return child;
  };
}
