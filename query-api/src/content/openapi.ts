import type { JsonSchema } from '@tradelog/schemas/documents/catalogue';
import { successOf } from '@tradelog/schemas/openapi/envelopes';
import type { ApiOperation, Bilingual } from '@tradelog/schemas/openapi/operation';
import {
  handOverRequest,
  joinRequest,
  leadForms,
  leadRequest,
  loginRequest,
  registrationRequest,
  roleGrantRequest,
  smsRequest,
} from '@tradelog/schemas/portal/forms';
import { apiOperation, listAnswer, operatorKey } from '../http/openapiOperations.ts';
import { portalLang as lang, portalOperation, portalText as text } from './portalOperation.ts';
import {
  channelAndBandPages,
  financeAndAppPages,
  helpFinanceAndSessionCalls,
  homeAndJoinPages,
  newsAndHelpPages,
  toolAndTermsPages,
} from './portalPageOperations.ts';

/**
 * The operations of this folder's routers: the operator's portal leads and roles
 * (`leadRoutes.ts`, `roleRoutes.ts`) and the portal's content calls (`router.ts` and the modules
 * it mounts; portal spec §7), reading calls in portalPageOperations.ts, accounts and forms here.
 */
export const portalOperatorOperations: ApiOperation[] = [
  apiOperation(
    'get',
    '/ops/leads',
    'list_leads',
    'operators',
    { cn: '门户表单线索（最新在前）', en: "The portal's saved forms (leads), newest first" },
    operatorKey,
    listAnswer(['线索', 'Leads']),
    {
      query: {
        form: { schema: { type: 'string', enum: [...leadForms] } },
        before: { schema: { type: 'string', pattern: '^\\d{1,18}$' } },
        limit: { schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 }, example: 50 },
      },
    },
  ),
  apiOperation(
    'get',
    '/ops/portal/role-requests',
    'list_portal_role_requests',
    'operators',
    {
      cn: '门户账户申请的角色（未授予的在前；all=true 含已授予）',
      en: 'Roles portal accounts applied for (pending ones; all=true for every one)',
    },
    operatorKey,
    listAnswer(['角色申请', 'Role requests']),
    {
      query: {
        all: { schema: { type: 'string', enum: ['true', 'false'] } },
        limit: { schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 }, example: 50 },
      },
    },
  ),
  apiOperation(
    'put',
    '/ops/portal/accounts/{phone}/role',
    'grant_portal_role',
    'operators',
    {
      cn: '授予门户账户角色（访客申请的角色不自动授予）',
      en: 'Grant a portal account a role (applying grants nothing)',
    },
    operatorKey,
    successOf(['已授予', 'Granted']),
    {
      request: { schema: roleGrantRequest as unknown as JsonSchema, example: { role: '150' } },
      pathExamples: { phone: '13800000000' },
      failures: [400, 404],
    },
  ),
  apiOperation(
    'delete',
    '/ops/portal/accounts/{phone}/role',
    'withdraw_portal_role',
    'operators',
    { cn: '撤回门户账户的角色', en: "Withdraw a portal account's role" },
    operatorKey,
    successOf(['已撤回', 'Withdrawn']),
    { pathExamples: { phone: '13800000000' }, failures: [404] },
  ),
];

/** A join application or consultation, saved as a lead (content README "Leads"). */
const joinApplication = (path: string, id: string, summary: Bilingual, example: Record<string, string>) =>
  portalOperation(
    'post',
    path,
    id,
    summary,
    { properties: { ...lang, name: text, phone: text, industry: text, demand: text }, example },
    { failures: [400, 403, 415] },
  );

/** Registration code, register, log in and out, the management platform's hand-over, the user. */
function visitorAccountCalls(): ApiOperation[] {
  return [
    portalOperation(
      'post',
      '/api/front/other/sms.do',
      'sms_code',
      { cn: '获取注册验证码', en: 'Registration code by SMS' },
      { properties: { ...lang, phone: text }, example: { phone: '13800138000' } },
      { failures: [400, 403, 415, 429, 503] },
    ),
    portalOperation(
      'post',
      '/api/front/other/registered.do',
      'register',
      { cn: '注册', en: 'Register' },
      {
        properties: { ...lang, phone: text, code: text, password: text },
        example: { phone: '13800138000', code: '123456', password: 'Tradelog-2024' },
      },
      { failures: [400, 403, 409, 415] },
    ),
    portalOperation(
      'post',
      '/api/front/user/login.do',
      'login',
      {
        cn: '登录（密码或验证码），会话写入 HttpOnly Cookie',
        en: 'Log in (password or code); the session is an HttpOnly cookie',
      },
      {
        properties: { ...lang, phone: text, password: text, code: text },
        example: { phone: '13800138000', password: 'Tradelog1' },
      },
      { failures: [400, 403, 404, 415] },
    ),
    portalOperation(
      'post',
      '/api/front/user/logout.do',
      'logout',
      { cn: '退出登录（结束服务端会话）', en: 'Log out (ends the server session)' },
      { properties: lang, example: {} },
      { failures: [403, 415] },
    ),
    portalOperation(
      'post',
      '/api/front/user/handover.do',
      'handover',
      { cn: '接收管理平台的 SESSION（仅一次）', en: "Accept the management platform's SESSION (once)" },
      { properties: { ...lang, session: text }, example: { session: 'token' } },
      { failures: [401, 403, 415] },
    ),
    portalOperation(
      'post',
      '/api/front/user/info.do',
      'user_info',
      { cn: '当前登录用户（按 SESSION Cookie）', en: 'The signed-in user (by the SESSION cookie)' },
      { properties: lang, example: {} },
    ),
  ];
}

/** The demand form and the join applications, saved as leads (leadRoutes.ts reads them). */
function demandAndJoinForms(product: string): ApiOperation[] {
  return [
    portalOperation(
      'post',
      `/${product}-order/customerDemand/save`,
      'demand',
      { cn: '提交需求表单', en: 'Submit a demand form' },
      {
        properties: {
          ...lang,
          // The forms are the schemas' list (a form added there is documented here).
          form: { type: 'string', enum: [...leadForms] },
          name: text,
          phone: text,
          industry: text,
          demand: text,
        },
        example: {
          form: 'contact',
          name: '李明',
          phone: '13800138000',
          industry: '跨境电商',
          demand: '保税仓融资咨询',
        },
      },
      { failures: [400, 401, 403, 415] },
    ),
    joinApplication(
      '/api/front/other/settle.do',
      'settle',
      { cn: '首页入驻申请（保存为线索）', en: 'Join application from the home page (saved as a lead)' },
      { name: '李明', phone: '13800138000', industry: '110', demand: '申请以物流服务商身份入驻' },
    ),
    joinApplication(
      '/api/front/other/joinOrigin.do',
      'join_origin',
      { cn: '入驻页入驻申请（保存为线索）', en: 'Join application from the join page (saved as a lead)' },
      { name: '李明', phone: '13800138000', industry: '110', demand: '申请以物流服务商身份入驻' },
    ),
  ];
}

/** The join page's code, consultation, messages and inquiries, saved as leads. */
function joinPageForms(): ApiOperation[] {
  return [
    portalOperation(
      'post',
      '/api/front/other/originSMS.do',
      'origin_sms_code',
      { cn: '入驻页验证码', en: "The join page's verification code" },
      { properties: { ...lang, phone: text }, example: { phone: '13800138000' } },
      { failures: [400, 403, 415, 429, 503] },
    ),
    joinApplication(
      '/api/front/other/advisory.do',
      'advisory',
      { cn: '服务咨询（保存为线索）', en: 'Service consultation (saved as a lead)' },
      { name: '李明', phone: '13800138000', industry: '180', demand: '跨境店铺融资咨询' },
    ),
    portalOperation(
      'post',
      '/api/front/other/leave.do',
      'leave_message',
      { cn: '留言（需登录，保存为线索）', en: 'Leave a message (logged in; saved as a lead)' },
      { properties: { ...lang, content: text }, example: { content: '需要关务系统演示' } },
      { failures: [400, 401, 403, 415] },
    ),
    portalOperation(
      'post',
      '/api/front/link/demand.do',
      'link_demand',
      { cn: '询价需求（保存为线索）', en: 'An inquiry (saved as a lead)' },
      {
        properties: {
          ...lang,
          contactPerson: text,
          phone: text,
          certification: text,
          specification: text,
          quantity: text,
        },
        example: {
          contactPerson: '吴刚',
          phone: '0755-12345678',
          certification: 'CE',
          specification: '冷链集装箱',
          quantity: '20',
        },
      },
      { failures: [400, 403, 415] },
    ),
  ];
}

export function portalOperations(product: string): ApiOperation[] {
  const operations: ApiOperation[] = [
    ...homeAndJoinPages(),
    ...toolAndTermsPages(product),
    ...newsAndHelpPages(),
    ...financeAndAppPages(product),
    ...visitorAccountCalls(),
    ...demandAndJoinForms(product),
    ...channelAndBandPages(),
    ...helpFinanceAndSessionCalls(product),
    ...joinPageForms(),
  ];
  // The portal's writes are validated with these schemas (schemas/src/portal/forms.ts): use them.
  const validated: Record<string, JsonSchema> = {
    portal_sms_code: smsRequest as unknown as JsonSchema,
    portal_register: registrationRequest as unknown as JsonSchema,
    portal_login: loginRequest as unknown as JsonSchema,
    portal_handover: handOverRequest as unknown as JsonSchema,
    portal_demand: leadRequest as unknown as JsonSchema,
    portal_settle: joinRequest as unknown as JsonSchema,
    portal_join_origin: joinRequest as unknown as JsonSchema,
    portal_origin_sms_code: smsRequest as unknown as JsonSchema,
    portal_advisory: joinRequest as unknown as JsonSchema,
  };
  return operations.map((operation) =>
    validated[operation.operationId] && operation.request
      ? { ...operation, request: { ...operation.request, schema: validated[operation.operationId]! } }
      : operation,
  );
}
