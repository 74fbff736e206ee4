/** What a call limit is (calls per window, per caller or per client address) and what taking a call answers (callLimits.ts). */

export interface LimitRule {
  /** Calls allowed per window. */
  points: number;
  windowSeconds: number;
  /** Whom the window counts: the calling account (keyed interfaces) or the client address. */
  per: 'caller' | 'ip';
}

export type LimitTable<Name extends string = string> = Readonly<Record<Name, LimitRule>>;

export interface LimitVerdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window ends (at least 1). */
  resetSeconds: number;
  windowSeconds: number;
}
