import { useDict, useLocale } from '../app/state.ts';
import { documentationStamp, stampText } from './reference.ts';

/** The specs' documentation stamp (query spec §9, submission spec §1). */
export function DocStamp() {
  const t = useDict();
  const locale = useLocale();
  return (
    <p className="muted small" data-testid="doc-stamp">
      {t.docs.updated} <time dateTime={documentationStamp}>{stampText(locale)}</time>
    </p>
  );
}
