import { localizedError } from '@tradelog/schemas';
import type { DocumentTypeId } from '@tradelog/schemas/documents/catalogue';
import { enterprisesNamedBy } from '@tradelog/schemas/documents/enterprise';

/**
 * A partner submits only for the enterprises its account was granted (`npm run keys -- grant`;
 * '*' for any, e.g. a port operator or a customs broker serving many). The enterprise is the one
 * processors attribute the document to (schemas/src/documents/enterprise.ts), plus each goods
 * line's own code. A document naming no enterprise is accepted: it is unattributed and shown in
 * no enterprise's view, so it can expose no one (README "Partner grants"). Pure: unit-tested.
 */
export function assertSubmitGrant(
  grants: readonly string[],
  type: DocumentTypeId,
  document: Readonly<Record<string, unknown>>,
): void {
  if (grants.includes('*')) return;
  for (const { field, enterprise } of enterprisesNamedBy(type, document)) {
    if (grants.includes(enterprise)) continue;
    const shown = enterprise.length > 50 ? `${enterprise.slice(0, 50)}…` : enterprise;
    throw localizedError(
      'ENTERPRISE_NOT_GRANTED',
      403,
      {
        cn: `${field}：该合作伙伴未获授权提交企业 ${shown} 的单据，请联系平台运营授权`,
        en: `${field}: this partner is not granted to submit documents for enterprise ${shown}; ask the platform operator for a grant`,
      },
      {
        errors: [
          {
            path: field,
            rule: 'enterpriseGrant',
            message: {
              cn: `未获授权提交企业 ${shown} 的单据`,
              en: `not granted to submit for enterprise ${shown}`,
            },
          },
        ],
      },
    );
  }
}
