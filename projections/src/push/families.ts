import type { EnterpriseChangeSource } from '@tradelog/schemas/changes/contract';
import { type PushFamily, pushFamilies } from '@tradelog/schemas/queries/subscriptions';

/**
 * Subscription families and the key a subscription is matched by. Shared by query-api
 * (which stores the key when a subscription is made) and the push processor (which looks
 * subscriptions up by the key of each change event).
 *
 * - `express` (text) and `express-map` (route map version), `air`, `ocean`, `terminal`: the tracking
 *   pushes of query spec §3; the key is the tracked thing, the same string the tracking change
 *   event carries as its `subject` (or lists in `data.matchKeys`).
 * - `changes`: a lender's subscription to Tradelog's own changes of one enterprise, from the
 *   sources the change contract lets an enterprise follow (`enterpriseChangeSources`,
 *   schemas/src/changes/contract.ts); the key is the enterprise code.
 */
// The families are the subscriber contract's: its subscriptions answer them.
export { type PushFamily, pushFamilies };

export interface ExpressCriteria {
  shipperCode: string;
  logisticCode: string;
  customerName?: string;
  sort?: string;
  orderCode?: string;
}

export interface AirCriteria {
  businessNumber: string;
}

export interface OceanCriteria {
  billNo: string;
  containerNo?: string;
  carrierCode?: string;
  portCode?: string;
  isExport?: string;
}

export interface TerminalCriteria {
  businessNumber: string;
  portCode: string;
  ieid: string;
}

export interface ChangesCriteria {
  enterprise: string;
  projections: EnterpriseChangeSource[];
  /** Only these kinds; absent: every kind of the sources but those pushed on request (the change contract's `onRequestKinds`). */
  kinds?: string[];
}

export type SubscriptionCriteria =
  | ExpressCriteria
  | AirCriteria
  | OceanCriteria
  | TerminalCriteria
  | ChangesCriteria;

const part = (value: string) => encodeURIComponent(value.trim().toUpperCase());

export const expressSubject = (criteria: Pick<ExpressCriteria, 'shipperCode' | 'logisticCode'>) =>
  `express/${part(criteria.shipperCode)}/${part(criteria.logisticCode)}`;

/** A container number takes priority over the bill when both are given (query spec §3). */
export const oceanSubject = (criteria: Pick<OceanCriteria, 'billNo' | 'containerNo'>) =>
  criteria.containerNo?.trim()
    ? `ocean/container/${part(criteria.containerNo)}`
    : `ocean/bill/${part(criteria.billNo)}`;

/** An air waybill (query spec §3 "Air tracking"). */
export const airSubject = (criteria: { businessNumber: string }) => `air/${part(criteria.businessNumber)}`;

export const terminalSubject = (criteria: TerminalCriteria) =>
  `terminal/${part(criteria.businessNumber)}/${part(criteria.portCode)}/${part(criteria.ieid)}`;

/** The key stored with a subscription; change events are matched against it. */
export function matchKeyOf(family: PushFamily, criteria: SubscriptionCriteria): string {
  switch (family) {
    case 'express':
    case 'express-map':
      return expressSubject(criteria as ExpressCriteria);
    case 'air':
      return airSubject(criteria as AirCriteria);
    case 'ocean':
      return oceanSubject(criteria as OceanCriteria);
    case 'terminal':
      return terminalSubject(criteria as TerminalCriteria);
    case 'changes':
      return (criteria as ChangesCriteria).enterprise;
  }
}
