import { feedFamilies } from '@tradelog/schemas/documents/catalogue';

/** Codes as an operator types them: separated by spaces or commas, blanks ignored. */
export function listOf(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);
}

export interface NewAccountForm {
  kind: string;
  name: string;
  code: string;
  enterprises: string;
  feeds: string;
  confirmAnyEnterprise: boolean;
}

export const emptyAccountForm: NewAccountForm = {
  kind: 'lender',
  name: '',
  code: '',
  enterprises: '',
  feeds: '',
  confirmAnyEnterprise: false,
};

/** `*` among the enterprises grants every enterprise: the form then asks for a confirmation. */
export function grantsAnyEnterprise(form: Pick<NewAccountForm, 'enterprises'>): boolean {
  return listOf(form.enterprises).includes('*');
}

/** The body of `POST /ops/accounts`: an empty code is left to the server, the confirmation sent only when it counts. */
export function newAccountBody(form: NewAccountForm) {
  return {
    kind: form.kind,
    name: form.name,
    ...(form.code.trim() ? { code: form.code.trim() } : {}),
    enterprises: listOf(form.enterprises),
    feeds: listOf(form.feeds),
    ...(grantsAnyEnterprise(form) && form.confirmAnyEnterprise ? { confirmAnyEnterprise: true } : {}),
  };
}

/**
 * The body of a grant or withdrawal. One field holds both: a feed family is a name of the
 * catalogue's, anything else an enterprise code.
 */
export function grantChangeBody(codes: readonly string[], confirmAnyEnterprise: boolean) {
  const feeds = codes.filter((code) => feedFamilies.includes(code));
  return {
    enterprises: codes.filter((code) => !feeds.includes(code)),
    feeds,
    ...(confirmAnyEnterprise ? { confirmAnyEnterprise } : {}),
  };
}

/** What makes an account wide, in the reader's words, comma separated. */
export function wideGrantText(
  wildcard: { anyEnterprise: boolean; everyFeed: boolean },
  words: { anyEnterprise: string; everyFeed: string },
): string {
  return [wildcard.anyEnterprise && words.anyEnterprise, wildcard.everyFeed && words.everyFeed]
    .filter(Boolean)
    .join(', ');
}
