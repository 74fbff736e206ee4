/** query-api `/subscriptions` answers (subscription spec §4; Tradelog's own change subscriptions). */
export interface SubscriptionRow {
  id: string;
  family: string;
  state: string;
  callbackUrl: string;
  criteria: Record<string, unknown>;
  createdAt: string;
}
export interface DeliveryRow {
  id: string;
  eventId: string;
  eventKind: string;
  subject: string;
  sequence: number;
  state: string;
  attempts: number;
  lastErrorCode: string | null;
  createdAt: string;
}
export interface AttemptRow {
  attempt: number;
  startedAt: string;
  latencyMs: number;
  httpStatus: number | null;
  outcome: string;
  errorCode: string | null;
}

/** Only a delivery that has come to rest can be sent again; one still queued is on its way. */
export function canRedeliver(state: string): boolean {
  return ['delivered', 'dead', 'superseded', 'cancelled'].includes(state);
}

/** A tracking subscription is named by the waybill it follows; failing that, by its id. */
export function trackingSubject(
  subscriptions: readonly SubscriptionRow[] | undefined,
  selected: string,
): string {
  return String(subscriptions?.find((row) => row.id === selected)?.criteria.logisticCode ?? selected);
}

/** An attempt's outcome with its error code, when it has one. */
export function attemptOutcome(row: Pick<AttemptRow, 'outcome' | 'errorCode'>): string {
  return `${row.outcome}${row.errorCode ? ` (${row.errorCode})` : ''}`;
}
