import { useDict } from '../app/state.ts';

/** Where the portal's proxy (vite.config.ts, deploy/nginx.conf) mounts the services' references. */
const interactiveReferences = [
  { key: 'ingestReference', href: '/api-reference/ingest/docs', spec: '/api-reference/ingest/openapi.json' },
  { key: 'queryReference', href: '/api-reference/query/docs', spec: '/api-reference/query/openapi.json' },
] as const;

/** The services' interactive references (Swagger UI) and their OpenAPI documents. */
export function InteractiveReferences() {
  const t = useDict();
  return (
    <section className="section interactive-reference" data-testid="interactive-reference">
      <h2 className="section-title left">{t.docs.interactive}</h2>
      <p>{t.docs.interactiveText}</p>
      <ul>
        {interactiveReferences.map((reference) => (
          <li key={reference.key}>
            <a href={reference.href}>{t.docs[reference.key]}</a> (<a href={reference.spec}>openapi.json</a>)
          </li>
        ))}
      </ul>
    </section>
  );
}
