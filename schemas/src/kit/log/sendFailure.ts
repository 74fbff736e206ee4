import { GenericError, MultipleErrors, UserError } from '@platformatic/kafka';

/**
 * What the log producer does with the records of a failed send (README "Riding out faults"):
 * `resend` them after a metadata refresh while their deadline lasts, or `refuse` them now (503).
 */
export type SendFailureVerdict = 'resend' | 'refuse';

/**
 * Producer-state errors: the client has already dropped its producer id after the failed send,
 * so a resend goes out under a fresh one, as a partner's own resend after a 503 would.
 */
const producerStateLost = new Set(['UNKNOWN_PRODUCER_ID', 'OUT_OF_ORDER_SEQUENCE_NUMBER']);

/** The errors a failure is made of: a MultipleErrors (a ResponseError, a retry's tally) opened up. */
function leafErrors(error: unknown): unknown[] {
  if (error instanceof Error && MultipleErrors.isMultipleErrors(error))
    return (error as MultipleErrors).errors.flatMap(leafErrors);
  return [error];
}

/**
 * Classified by type, never by message: a send is worth resending when every error in it is one
 * the client itself marks retriable (leader moved or not available, broker disconnected or
 * refusing, request timed out, not enough replicas yet) — the moments of a broker's loss and its
 * partitions' new election. A serialisation fault, a record too large, a denied permission, a
 * fenced producer, or an error not from the client at all is refused at once.
 */
export function sendFailureVerdict(error: unknown): SendFailureVerdict {
  const leaves = leafErrors(error);
  if (leaves.length === 0) return 'refuse';
  const resendable = leaves.every((leaf) => {
    if (!(leaf instanceof Error) || !GenericError.isGenericError(leaf)) return false;
    const { code, canRetry, apiId } = leaf as GenericError & { canRetry?: boolean; apiId?: string };
    if (code === UserError.code) return false;
    return canRetry !== false || (apiId !== undefined && producerStateLost.has(apiId));
  });
  return resendable ? 'resend' : 'refuse';
}

/**
 * The partitions a failed send still got acknowledged: the client sends to each leader apart and
 * reports the leaders that answered without error on the error it rejects with (`produced`).
 * Records of the other partitions were not acknowledged.
 */
export function acknowledgedOffsets(error: unknown): { topic: string; partition: number; offset: bigint }[] {
  const produced = (error as { produced?: { offsets?: unknown } } | null)?.produced;
  const offsets = produced?.offsets;
  if (!Array.isArray(offsets)) return [];
  return offsets.filter(
    (entry): entry is { topic: string; partition: number; offset: bigint } =>
      typeof entry?.topic === 'string' &&
      typeof entry.partition === 'number' &&
      typeof entry.offset === 'bigint' &&
      entry.offset >= 0n,
  );
}
