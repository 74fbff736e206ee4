/**
 * A pure function of an object, worked out once per object and remembered while the object
 * lives: for what several steps of a batch ask of one event, or of what is made of it (an event
 * is never changed: attribution makes a new one).
 */
export function oncePerObject<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const remembered = new WeakMap<K, V>();
  return (key) => {
    if (remembered.has(key)) return remembered.get(key) as V;
    const value = compute(key);
    remembered.set(key, value);
    return value;
  };
}
