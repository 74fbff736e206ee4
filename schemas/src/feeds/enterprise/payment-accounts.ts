import { documentSchema, type JsonSchema, labels as l } from '../../documents/json-schema.ts';
import { feedField } from './fields.ts';

/**
 * A payment account change (query spec §3 "Payment account monitor"): a platform reports that
 * the account it pays an enterprise's sales into was set or changed. Lenders financing against
 * platform receivables watch these: money paid into another account escapes the loan's
 * repayment account. One document per change; the same change sent again changes nothing.
 */
export const paymentAccountChangeSchema: JsonSchema = documentSchema({
  words: l(
    '回款账户变更',
    'Payment account change',
    '电商平台报送的企业回款账户设立或变更',
    'A platform reports that the account it pays the enterprise into was set or changed',
  ),
  properties: {
    enterpriseId: feedField.enterpriseId,
    platform: feedField.monitorPlatform,
    accountName: feedField.text(
      255,
      l('账户名称', 'Account name', '收款账户名称', 'The name on the account'),
    ),
    bankName: feedField.text(255, l('开户银行', 'Bank', '开户银行名称', 'The bank holding the account')),
    bankAccount: feedField.text(
      50,
      l('银行账号', 'Account number', '收款银行账号', 'The bank account number'),
    ),
    changeTime: feedField.time(
      l('变更时间', 'Change time', '账户变更生效时间', 'When the change took effect'),
    ),
    changeInfo: feedField.text(
      1000,
      l(
        '变更说明',
        'Change',
        '变更内容说明，如原账号与新账号',
        'What changed, e.g. the old and the new account',
      ),
    ),
  },
  required: ['enterpriseId', 'platform', 'bankAccount', 'changeTime'],
});
