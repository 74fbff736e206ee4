/**
 * Shares one run of `work` among the callers that arrive while a run is in flight — but never a
 * run that had started before a caller arrived: callers arriving during run n all share run
 * n + 1, which starts when run n ends. Every caller thus gets a result computed wholly after it
 * called (what the liveness check of a cached version needs, README "Read caches"), and many
 * concurrent callers cost one run per round trip instead of one run each.
 */
export function createNextRound<K, V>(work: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const rounds = new Map<K, { running?: Promise<V>; waiting?: Promise<V> }>();
  return (key) => {
    let round = rounds.get(key);
    if (!round) {
      round = {};
      rounds.set(key, round);
    }
    const r = round;
    // The next round has not started yet: it starts after this caller arrived.
    if (r.waiting) return r.waiting;
    const launch = (): Promise<V> => {
      r.waiting = undefined;
      const run = work(key);
      r.running = run;
      const settle = () => {
        if (r.running === run) r.running = undefined;
        if (!r.running && !r.waiting && rounds.get(key) === r) rounds.delete(key);
      };
      run.then(settle, settle);
      return run;
    };
    if (!r.running) return launch();
    r.waiting = r.running.then(launch, launch);
    return r.waiting;
  };
}
