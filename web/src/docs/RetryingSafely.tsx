import { useDict } from '../app/state.ts';

/** How to resend a submission safely (ingest README "Retrying safely"; ingest's OpenAPI says the same). */
export function RetryingSafely() {
  const t = useDict();
  return (
    <section className="section" data-testid="retrying-safely">
      <h2 className="section-title left">{t.docs.retrying}</h2>
      <p>{t.docs.retryingText}</p>
    </section>
  );
}
