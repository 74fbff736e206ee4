import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { examples } from '@tradelog/schemas/documents/examples';
import { interfacePath } from '../../ingest/src/intake/interfaces.ts';

/** The enterprise every submitted purchase is for: one the development lender reads. */
export const loadEnterprise = String(examples.pod.customerCode);

/** What a paced load saw: every acknowledged document, every refusal, with times. */
export interface LoadOutcome {
  accepted: { documentId: string; orderNo: string; at: number }[];
  refused: { at: number }[];
  /** Any other answer or a broken connection (none expected). */
  failed: { at: number; status: number | string }[];
}

/**
 * Purchases through ingest at a fixed rate, each a new order of `loadEnterprise` (so each makes
 * an order-status change, pushed to a lender subscribed to that enterprise), each request on its
 * own: a slow answer does not slow the pace.
 */
export function startPacedLoad(options: {
  ingestUrl: string;
  partnerKey: string;
  perSecond: number;
  prefix: string;
}) {
  const type = documentTypes.find((t) => t.id === 'purchase')!;
  const url = `${options.ingestUrl}${interfacePath(type.path, 'tradelog')}`;
  const outcome: LoadOutcome = { accepted: [], refused: [], failed: [] };
  const inFlight = new Set<Promise<void>>();
  let sent = 0;
  const send = () => {
    const orderNo = `${options.prefix}-${sent++}`;
    const request = fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${options.partnerKey}` },
      body: JSON.stringify({ ...examples.purchase, entOrderNo: orderNo, customerCode: loadEnterprise }),
      signal: AbortSignal.timeout(30_000),
    })
      .then(async (response) => {
        const body = (await response.json().catch(() => ({}))) as { documentId?: string };
        const at = Date.now();
        if (response.status === 200 && body.documentId)
          outcome.accepted.push({ documentId: body.documentId, orderNo, at });
        else if (response.status === 503) outcome.refused.push({ at });
        else outcome.failed.push({ at, status: response.status });
      })
      .catch((error: unknown) => {
        outcome.failed.push({ at: Date.now(), status: (error as Error).name });
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };
  const timer = setInterval(send, 1000 / options.perSecond);
  return {
    outcome,
    /** Stops sending and waits for every answer. */
    async stop(): Promise<LoadOutcome> {
      clearInterval(timer);
      await Promise.all([...inFlight]);
      return outcome;
    },
  };
}
