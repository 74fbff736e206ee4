import { classifyFault, faultCode } from './faults.ts';

/**
 * What the consume loop does with a fault, by where it struck (processors/README.md "Consumer
 * runtime", "Faults by what they are"); what the fault is comes from faults.ts.
 *
 * - `decode`: a record failed to decode, outside any transaction;
 * - `whole`: the handler failed applying a group's records as one batch;
 * - `record`: the handler failed applying one record under its savepoint (isolation).
 *
 * A transient fault retries the batch wherever it struck: it is a dependency's state, never the
 * record's. Otherwise a whole batch is isolated record by record, and a single record is
 * dead-lettered (subject to `isSystemicFailure` while isolating a batch).
 */
export type FaultStage = 'decode' | 'whole' | 'record';
export type FaultVerdict = 'retry' | 'isolate' | 'dead-letter';

export function faultVerdict(fault: unknown, stage: FaultStage): FaultVerdict {
  if (classifyFault(fault) === 'transient') return 'retry';
  return stage === 'whole' ? 'isolate' : 'dead-letter';
}

/**
 * Records isolated from a batch that every one failed alike, with an unclear fault of one code,
 * are no record's fault (a bug, a missing table): the batch is retried like a transient fault,
 * so nothing is skipped. `faults` are those of the records that failed alone, out of `tried`.
 */
export function isSystemicFailure(faults: readonly unknown[], tried: number): boolean {
  return (
    faults.length > 0 &&
    faults.length === tried &&
    faults.every((fault) => classifyFault(fault) === 'unclear' && faultCode(fault) === faultCode(faults[0]))
  );
}
