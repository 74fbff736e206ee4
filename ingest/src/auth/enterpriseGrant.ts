import { grantError } from '@tradelog/schemas/access/grants';
import { type DocumentTypeId, documentType } from '@tradelog/schemas/documents/catalogue';
import type { NamedEnterprise } from '@tradelog/schemas/documents/enterpriseFields';

/** What a partner's account was granted (`npm run keys -- grant`). */
export interface SubmitGrants {
  /** The enterprises it may submit for; '*' for any (a port operator, a customs broker serving many). */
  enterprises: readonly string[];
  /** The feed families it may submit (a data provider's). */
  feeds: readonly string[];
}

/** How many refused fields an answer lists; the rest are counted. */
const fieldsShown = 20;

const shortened = (code: string) => (code.length > 50 ? `${code.slice(0, 50)}…` : code);

/**
 * A partner submits a feed only when its account was granted the feed's family, and any document
 * or feed only for enterprises its account was granted: every enterprise the document names, in
 * every field the contract declares, nested ones included (`named`: what
 * schemas/src/documents/enterpriseFields.ts finds in the document, intake/examine.ts; README "Partner
 * grants"). Pure: unit-tested.
 */
export function assertSubmitGrant(
  grants: SubmitGrants,
  type: DocumentTypeId,
  named: readonly NamedEnterprise[],
): void {
  const family = documentType(type).feedFamily;
  if (family !== undefined && !grants.feeds.includes(family)) {
    throw grantError('FEED_NOT_GRANTED', {
      cn: `该合作伙伴未获授权提交 ${family} 数据，请联系平台运营授权`,
      en: `This partner is not granted the ${family} feed; ask the platform operator for a grant`,
    });
  }
  if (grants.enterprises.includes('*')) return;
  const refused = named.filter(({ enterprise }) => !grants.enterprises.includes(enterprise));
  if (refused.length === 0) return;
  const [first] = refused;
  const fields = refused.map(({ field }) => field);
  const listed = fields.slice(0, fieldsShown).join(', ') + (fields.length > fieldsShown ? ' …' : '');
  throw grantError(
    'ENTERPRISE_NOT_GRANTED',
    {
      cn: `${listed}：该合作伙伴未获授权提交企业 ${shortened(first!.enterprise)}${refused.length > 1 ? ' 等' : ''} 的单据，请联系平台运营授权`,
      en: `${listed}: this partner is not granted to submit for enterprise ${shortened(first!.enterprise)}${refused.length > 1 ? ' and others' : ''}; ask the platform operator for a grant`,
    },
    {
      errors: refused.slice(0, fieldsShown).map(({ field, enterprise }) => ({
        path: field,
        rule: 'enterpriseGrant',
        message: {
          cn: `未获授权提交企业 ${shortened(enterprise)} 的单据`,
          en: `not granted to submit for enterprise ${shortened(enterprise)}`,
        },
      })),
    },
  );
}
