import type { DeliveryForAttempt } from '@tradelog/projections/push/deliveries';
import type { Logger } from '@tradelog/schemas';
import type { WakeSignal } from './wakeSignal.ts';

export interface PollerDeps {
  /** Deliveries per claim, and the pollers' sleep when nothing wakes them. */
  settings: { workerBatch: number; pollMs: number };
  wake: WakeSignal;
  running: () => boolean;
  /** A claim of deliveries due now (./batchDelivery.ts `claimBatch`); throws on a database fault. */
  claimBatch: () => Promise<DeliveryForAttempt[]>;
  /** Attempts and records a batch; never throws (./batchDelivery.ts `deliverBatch`). */
  deliverBatch: (batch: readonly DeliveryForAttempt[], whileRecording?: () => void) => Promise<void>;
  log: Logger;
}

/** The delivery worker's claim pollers and the deliveries handed over to them (push README "Hand-over"). */
export interface DeliveryPollers {
  /** Starts `count` pollers; the promise of each ends when it stopped (`running()` false, nothing left). */
  start(count: number): Promise<void>[];
  /** Deliveries handed over, waiting for a poller. */
  waiting(): number;
  /** Hands over deliveries already leased to this worker: attempted before anything is claimed. */
  take(deliveries: readonly DeliveryForAttempt[]): void;
}

export function createDeliveryPollers(deps: PollerDeps): DeliveryPollers {
  const { settings, wake, running, log } = deps;
  const handedOver: DeliveryForAttempt[] = [];

  /** A batch of due deliveries; empty when none, or when the claim failed (logged). */
  async function claim(): Promise<DeliveryForAttempt[]> {
    try {
      return await deps.claimBatch();
    } catch (error) {
      log.warn('due deliveries not claimed yet', { error: error as Error });
      return [];
    }
  }

  /** The next batch: deliveries handed over first, else a claim (none while stopping). */
  function next(): Promise<DeliveryForAttempt[]> {
    if (handedOver.length > 0) return Promise.resolve(handedOver.splice(0, settings.workerBatch));
    return running() ? claim() : Promise.resolve([]);
  }

  /**
   * One poller: take a batch (handed over, or claimed), POST it, record it. While a batch is
   * recorded the next one is taken when more are waiting (handed over, or a full claim), so a
   * poller waits on Postgres once per batch rather than twice; otherwise it sleeps until woken or
   * the poll comes round. A batch claimed or handed over is delivered even when the worker is
   * stopping (its leases would otherwise hold it until they ran out).
   */
  async function poll(): Promise<void> {
    let seen = wake.seen();
    let coming: Promise<DeliveryForAttempt[]> | undefined = next();
    while (coming) {
      const batch = await coming;
      coming = undefined;
      if (batch.length > 0) {
        await deps.deliverBatch(batch, () => {
          if (handedOver.length > 0 || (running() && batch.length === settings.workerBatch)) coming = next();
        });
      }
      if (!coming && running()) {
        await wake.sleep(settings.pollMs, seen);
        seen = wake.seen();
      }
      if (!coming && (running() || handedOver.length > 0)) coming = next();
    }
  }

  return {
    start: (count) => Array.from({ length: count }, () => poll()),
    waiting: () => handedOver.length,
    take(deliveries) {
      handedOver.push(...deliveries);
      wake.signal();
    },
  };
}
