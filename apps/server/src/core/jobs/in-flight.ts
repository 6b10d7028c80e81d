/**
 * Work a process started on its own (the alerts after a stored batch, their first sends) and must see to its
 * end before it exits (issue 43): `track` keeps it, `settled` waits for all of it. Each piece is bounded by
 * its own timeouts (a send ends at the delivery timeout), so waiting for it on stop is bounded too.
 * @example const work = createInFlight(); work.track(evaluateThenDeliver()); … await work.settled();
 */
export type InFlight = {
  track<T>(work: Promise<T>): Promise<T>;
  settled(): Promise<void>;
};

export function createInFlight(): InFlight {
  const pending = new Set<Promise<unknown>>();
  return {
    track(work) {
      const settled = work.then(
        () => undefined,
        () => undefined,
      );
      pending.add(settled);
      void settled.finally(() => pending.delete(settled));
      return work;
    },
    async settled() {
      // Work tracked while waiting (a batch's alerts started by the last run) is waited for too.
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
