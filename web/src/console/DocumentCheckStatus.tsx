import type { BoundedValidate } from '@tradelog/schemas/documents/boundedValidator';
import type { ValidationIssue } from '@tradelog/schemas/documents/issues';
import { useDict, useLocale } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';

/** Shown at most, so a document far off its schema does not bury the form. */
const shownIssues = 20;

/** What the check says of the typed document, announced as it changes. */
export function DocumentCheckStatus(props: {
  id: string;
  parseError: string | undefined;
  checking: boolean;
  validate: BoundedValidate | undefined;
  issues: ValidationIssue[];
}) {
  const p = useDict().console.partner;
  const locale = useLocale();
  const { parseError, issues } = props;
  return (
    <div
      id={props.id}
      role="status"
      aria-live="polite"
      className={parseError || issues.length ? 'issues bad' : 'issues ok'}
    >
      {parseError ? (
        format(p.parseError, { message: parseError })
      ) : props.checking ? (
        p.checking
      ) : !props.validate ? (
        p.checksUnavailable
      ) : issues.length === 0 ? (
        p.valid
      ) : (
        <>
          <p>{format(p.invalid, { count: issues.length })}</p>
          <ul>
            {issues.slice(0, shownIssues).map((issue) => (
              <li key={`${issue.path}-${issue.rule}`}>
                <code>{issue.path || '/'}</code> {locale === 'en' ? issue.message.en : issue.message.cn}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
