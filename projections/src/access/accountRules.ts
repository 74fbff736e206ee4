import { type Bilingual, localizedError, type TradelogError } from '@tradelog/schemas';
import type { ApiKeyKind } from '@tradelog/schemas/access/apiKey';
import { feedFamilies } from '@tradelog/schemas/documents/catalogue';
import type { Submitted } from './narrowing.ts';

/**
 * The commands an operator gives on accounts and keys, and the rules they must keep, pure: the
 * command line checks them before it connects, and accountCommands.ts again inside the transaction.
 */

export type AccountCommand =
  | {
      command: 'create';
      kind: ApiKeyKind;
      /** The new account's name; empty when the key joins an existing `account`. */
      name: string;
      ownerId: string | undefined;
      account: string | undefined;
      enterprises: string[];
      feeds: string[];
      /** `'*'` among `enterprises` is meant: any enterprise (README "Partner grants"). */
      confirmAnyEnterprise?: boolean;
    }
  | {
      command: 'grant' | 'withdraw';
      account: string;
      enterprises: string[];
      feeds: string[];
      confirmAnyEnterprise?: boolean;
    }
  /**
   * A standing wildcard narrowed to what the account submitted since `since` (narrowing.ts);
   * the grants to keep are worked out from the account as it is when the change is written.
   */
  | { command: 'narrow'; account: string; since: Date; submitted: Submitted }
  | { command: 'revoke'; id: string };

/** A broken rule, in both languages; the command line prints the English, the API answers 400. */
export const accountRuleError = (message: Bilingual, status = 400): TradelogError =>
  localizedError('ACCOUNT_RULE', status, message);

const enterpriseCode = /^(\*|[\w.-]{1,50})$/;
const uuid = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/**
 * Values given one by one or comma-separated, trimmed, empty ones dropped, each checked (`broken`:
 * the rule an item breaks, thrown for the first that breaks one), each once.
 */
function distinctListed(
  values: readonly string[],
  broken: (item: string) => Bilingual | undefined,
): string[] {
  const items = values
    .flatMap((value) => value.split(','))
    .map((item) => item.trim())
    .filter(Boolean);
  for (const item of items) {
    const rule = broken(item);
    if (rule) throw accountRuleError(rule);
  }
  return [...new Set(items)];
}

/** Enterprise codes, split on commas, each checked, each once. */
export function enterpriseCodesOf(values: readonly string[]): string[] {
  return distinctListed(values, (code) =>
    enterpriseCode.test(code)
      ? undefined
      : {
          cn: `"${code}" 不是企业代码（不超过 50 个字母、数字、. _ -，或 *）`,
          en: `"${code}" is not an enterprise code (≤50 letters, digits, . _ -, or *)`,
        },
  );
}

/** Feed families, split on commas, each one of the catalogue's. */
export function feedFamiliesOf(values: readonly string[]): string[] {
  return distinctListed(values, (family) =>
    feedFamilies.includes(family)
      ? undefined
      : {
          cn: `"${family}" 不是数据源类别（${feedFamilies.join('、')}）`,
          en: `"${family}" is not a feed family (${feedFamilies.join(', ')})`,
        },
  );
}

/** The rules a command must keep before anything is read or written; undefined when it keeps them. Pure. */
export function accountRuleOf(command: AccountCommand): Bilingual | undefined {
  if (command.command === 'revoke') {
    return uuid.test(command.id)
      ? undefined
      : {
          cn: `"${command.id}" 不是密钥编号（UUID）`,
          en: `"${command.id}" is not a key id (a UUID, as printed by list)`,
        };
  }
  if (command.command === 'narrow') return undefined;
  if (command.command === 'grant' || command.command === 'withdraw') {
    if (command.enterprises.length + command.feeds.length === 0)
      return {
        cn: `${command.command} 需要账户与至少一个企业代码或数据源类别`,
        en: `${command.command} takes an account and at least one enterprise code or --feed family`,
      };
    return command.command === 'grant' ? anyEnterpriseRuleOf(command) : undefined;
  }
  if (command.command !== 'create') return undefined;
  const { kind, enterprises, feeds } = command;
  if (command.account !== undefined) {
    return command.name !== '' || command.ownerId !== undefined || enterprises.length > 0 || feeds.length > 0
      ? {
          cn: '为已有账户添加密钥时不能再给名称、代码、企业或数据源（请用授权）',
          en: '--account adds a key to an existing account: give no name, --id, enterprises or feeds (use grant)',
        }
      : undefined;
  }
  if (command.name.trim() === '')
    return { cn: `创建 ${kind} 账户需要名称`, en: `create ${kind} needs the account's name` };
  if (kind === 'lender' && enterprises.length === 0)
    return {
      cn: '资金方密钥至少需要一个可查询的企业代码',
      en: 'a lender key needs at least one --enterprise CODE (the enterprises it may read)',
    };
  if (kind === 'lender' && enterprises.includes('*'))
    return { cn: '资金方不能查询任意企业（*）', en: 'a lender cannot read any enterprise (*)' };
  if (kind !== 'lender' && kind !== 'partner' && enterprises.length > 0)
    return {
      cn: '只有资金方与合作方账户有企业授权',
      en: '--enterprise applies to lender and partner keys only',
    };
  if (kind !== 'partner' && feeds.length > 0)
    return { cn: '只有合作方账户（数据提供方）提交数据源', en: '--feed applies to partner keys only' };
  return anyEnterpriseRuleOf(command);
}

/**
 * `'*'` lets a partner submit for every enterprise there is, present and future: the exposure
 * grants exist to close. It is granted only when the operator says so twice (README "Partner
 * grants"); the account is then listed and counted as a standing wildcard (narrowing.ts).
 */
function anyEnterpriseRuleOf(command: {
  enterprises: readonly string[];
  confirmAnyEnterprise?: boolean;
}): Bilingual | undefined {
  if (!command.enterprises.includes('*') || command.confirmAnyEnterprise) return undefined;
  return {
    cn: '“*”允许该合作方为任意企业（包括今后的企业）提交单证；若确为此意，请加 --confirm（控制台：确认任意企业），此后可用 keys narrow 收窄',
    en: "'*' lets this partner submit for any enterprise, today's and tomorrow's; if that is meant, add --confirm (console: confirm any enterprise), and narrow it later with keys narrow",
  };
}

/** The grant rules that depend on the account's kind. Pure. */
export function grantRuleOf(
  kind: ApiKeyKind,
  change: { enterprises: string[]; feeds: string[] },
): Bilingual | undefined {
  if (kind !== 'partner' && kind !== 'lender')
    return { cn: `${kind} 账户没有企业授权`, en: `a ${kind} account has no enterprise grants` };
  if (kind === 'lender' && change.enterprises.includes('*'))
    return { cn: '资金方不能查询任意企业（*）', en: 'a lender cannot read any enterprise (*)' };
  if (kind !== 'partner' && change.feeds.length > 0)
    return {
      cn: '只有合作方账户（数据提供方）提交数据源',
      en: 'only a partner account (a data provider) submits feeds',
    };
  return undefined;
}
