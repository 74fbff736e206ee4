import { pathOf } from '../app/routes.ts';
import { useDict, useLocale } from '../app/state.ts';
import { pick } from '../i18n/i18n.ts';
import { Link } from '../layout/Link.tsx';
import { type ReferenceEntry, referenceOf } from './reference.ts';

/** An interface the specs name but Tradelog does not serve: its title, and the subscription that pushes it. */
export function NotAvailableReference(props: { entry: ReferenceEntry }) {
  const t = useDict();
  const locale = useLocale();
  const subscription = props.entry.subscribedBy ? referenceOf(props.entry.subscribedBy) : undefined;
  return (
    <article className="reference" aria-labelledby="ref-title">
      <h1 id="ref-title">{pick(props.entry.title, locale)}</h1>
      <p className="notice" data-testid="not-available">
        {t.docs.notAvailable}
      </p>
      {subscription && (
        <p>
          {t.docs.pushOf}{' '}
          <Link href={pathOf(locale, 'docsDetail', subscription.docId)}>
            {pick(subscription.title, locale)}
          </Link>
        </p>
      )}
    </article>
  );
}
