import type { ContentBlock } from '@tradelog/schemas/portal/content';
import { h, list, p } from './types.ts';

/**
 * The texts a visitor accepts when registering (portal spec §7: `home/registrationTerms`,
 * `home/legalSecrecy.do`). Sample texts written for this deployment, not legal advice: an
 * operator replaces them and raises `version`, which registration records with the acceptance
 * (README "Terms").
 */
export interface LegalText {
  version: string;
  title: { cn: string; en: string };
  body: ContentBlock[];
}

export const registrationTerms: LegalText = {
  version: '2026-01-sample',
  title: { cn: '用户服务条款（示例文本）', en: 'Terms and Conditions (sample text)' },
  body: [
    p(
      '本文本为示例，运营方上线前须替换为经法务审核的正式条款。',
      'This is sample text; the operator replaces it with reviewed terms before going live.',
    ),
    h('一、账户', '1. Your account'),
    list(
      [
        '注册须使用本人手机号，并对账户下的操作负责。',
        'Register with your own mobile number; you are responsible for what is done with your account.',
      ],
      [
        '申请的角色须经平台审核后方可生效。',
        'A role you apply for takes effect only once the platform grants it.',
      ],
    ),
    h('二、留言与需求', '2. Messages and requirements'),
    p(
      '您提交的需求与留言将连同您的账户信息提供给平台服务顾问，用于回复您的需求。',
      'Requirements and messages you submit reach the platform’s advisers together with your account details, so that they can answer you.',
    ),
    h('三、终止', '3. Ending the service'),
    p(
      '您可随时退出登录或申请注销账户。',
      'You may log out at any time or ask for your account to be closed.',
    ),
  ],
};

export const privacyPolicy: LegalText = {
  version: '2026-01-sample',
  title: { cn: '隐私政策（示例文本）', en: 'Privacy policy (sample text)' },
  body: [
    p(
      '本文本为示例，运营方上线前须替换为经法务审核的正式政策。',
      'This is sample text; the operator replaces it with a reviewed policy before going live.',
    ),
    h('我们保存什么', 'What we keep'),
    list(
      [
        '注册信息：姓名、公司、手机号、邮箱、职位；密码仅以不可逆散列保存。',
        'Registration: name, company, mobile number, email, position; the password only as an irreversible hash.',
      ],
      [
        '会话：仅保存会话令牌的散列，退出登录即删除。',
        'Sessions: only a hash of the session token, deleted when you log out.',
      ],
      [
        '表单与留言：连同提交人保存，默认保留 365 天。',
        'Forms and messages: kept with their sender, for 365 days by default.',
      ],
    ),
    h('我们不做什么', 'What we do not do'),
    p(
      '我们不出售您的信息，也不将其用于本平台服务以外的目的。',
      'We do not sell your data or use it for anything beyond this platform’s services.',
    ),
  ],
};
