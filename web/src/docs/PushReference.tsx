import { pathOf } from '../app/routes.ts';
import { useDict, useLocale } from '../app/state.ts';
import { pick } from '../i18n/i18n.ts';
import { Link } from '../layout/Link.tsx';
import { RefTable } from '../layout/RefTable.tsx';
import { FieldTable } from './FieldTable.tsx';
import { type ReferenceEntry, referenceOf } from './reference.ts';

/**
 * A push page (query spec §3 payloads and replies, §8, §9): what Tradelog POSTs to the
 * subscriber's callbackUrl, the signed headers, and what the receiver must answer — rendered from
 * the same declaration as query-api's OpenAPI `webhooks` (schemas/src/openapi/webhooks.ts).
 */
export function PushReference(props: { entry: ReferenceEntry }) {
  const t = useDict();
  const locale = useLocale();
  const { entry } = props;
  const push = entry.push!;
  const subscription = entry.subscribedBy ? referenceOf(entry.subscribedBy) : undefined;
  const headerLines = push.headers.map((header) => `${header.name}: ${header.example}`).join('\n');
  return (
    <article className="reference" aria-labelledby="ref-title">
      <h1 id="ref-title">{pick(entry.title, locale)}</h1>
      <p>{pick(push.description, locale)}</p>
      <dl className="ref-facts">
        <div>
          <dt>{t.docs.method}</dt>
          <dd>
            <code>POST</code>
          </dd>
        </div>
        <div>
          <dt>{t.docs.pushTarget}</dt>
          <dd>
            <code data-testid="ref-path">callbackUrl</code>
            {subscription && (
              <>
                {' '}
                ({t.docs.pushOf}{' '}
                <Link href={pathOf(locale, 'docsDetail', subscription.docId)}>
                  {pick(subscription.title, locale)}
                </Link>
                )
              </>
            )}
          </dd>
        </div>
      </dl>

      <h2>{t.docs.pushHeaders}</h2>
      <RefTable columns={[t.docs.field, t.docs.headerValue, t.docs.description]} testId="push-headers-table">
        {push.headers.map((header) => (
          <tr key={header.name} data-field={header.name}>
            <th scope="row">
              <code>{header.name}</code>
            </th>
            <td>
              <code>{header.example}</code>
            </td>
            <td>{pick(header.description, locale)}</td>
          </tr>
        ))}
      </RefTable>

      <h2>{t.docs.pushPayload}</h2>
      <FieldTable schema={entry.schema} testId="push-payload-table" />

      <h2>{t.docs.pushReply}</h2>
      <p data-testid="push-contract">{pick(push.contract, locale)}</p>
      <FieldTable schema={push.reply} testId="push-reply-table" />
      <p data-testid="push-retries">
        <strong>{t.docs.pushRetries}</strong> {pick(push.retries, locale)}
      </p>

      <h2>{t.docs.pushExample}</h2>
      <pre className="code">
        <code>{`POST callbackUrl\n${headerLines}\n\n${JSON.stringify(entry.example, null, 2)}`}</code>
      </pre>
      <h2>{t.docs.pushReplyExample}</h2>
      <pre className="code">
        <code>{`HTTP/1.1 200 OK\ncontent-type: application/json\n\n${JSON.stringify(push.replyExample, null, 2)}`}</code>
      </pre>
    </article>
  );
}
