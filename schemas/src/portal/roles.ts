/**
 * Portal spec §3's industry / role options (value, label), the one list of them: the content API
 * validates and labels with it (`client/roles.do`, `joinus/settleRoles.do`), and the portal's
 * forms label their options with it. A module of its own so the pages import it without ajv.
 */
/** The values a visitor may apply for. */
export const portalRoles = ['100', '110', '120', '130', '140', '150', '160', '170', '180', '190'] as const;
export type PortalRole = (typeof portalRoles)[number];
/** §3's labels of the roles (query-api `client/roles.do`), worded as the portal's forms word them. */
export const portalRoleLabels: Record<PortalRole, { cn: string; en: string }> = {
  '100': { cn: '品牌商 / 经销商 / 分销商 / 工厂', en: 'Brand owner / dealer / distributor / factory' },
  '110': { cn: '物流运输服务商', en: 'Logistics and transport provider' },
  '120': { cn: '报关与仓储服务商', en: 'Customs and warehouse provider' },
  '130': { cn: '贸易代理', en: 'Trade agent' },
  '140': { cn: '金融科技服务商', en: 'Fintech provider' },
  '150': { cn: '商务服务商', en: 'Business service provider' },
  '160': { cn: '电信、计算机与信息服务商', en: 'Telecom, computer and information provider' },
  '170': { cn: '政府机构', en: 'Government agency' },
  '180': { cn: '电商平台', en: 'E-commerce platform' },
  '190': { cn: '其他', en: 'Other' },
};
