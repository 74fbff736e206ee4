import { StatusError } from '../app/ErrorBoundary.tsx';
import { notFoundText } from '../app/routes.ts';
import { DocStamp } from './DocStamp.tsx';
import { DocsMenu } from './DocsMenu.tsx';
import { NotAvailableReference } from './NotAvailableReference.tsx';
import { PushReference } from './PushReference.tsx';
import { RequestReference } from './RequestReference.tsx';
import { referenceOf } from './reference.ts';

/** One interface's page: a push, a request, or one the specs name that is not served; an unknown id is a 404. */
export function DocsDetailPage(props: { id: string }) {
  const entry = referenceOf(props.id);
  if (!entry) throw new StatusError(404, notFoundText);
  return (
    <main id="main" className="page">
      <div className="container with-aside docs">
        <DocsMenu current={entry.docId} />
        <section className="content-column">
          {entry.push ? (
            <PushReference entry={entry} />
          ) : entry.available ? (
            <RequestReference entry={entry} />
          ) : (
            <NotAvailableReference entry={entry} />
          )}
          <DocStamp />
        </section>
      </div>
    </main>
  );
}
