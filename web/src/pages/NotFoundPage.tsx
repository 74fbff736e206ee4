import { useEffect } from 'react';
import { useDict, useLocale } from '../app/state.ts';

/** The 404 page of §2/§8 ("This page could not be found", with a period for an unsupported locale). */
export function NotFoundPage(props: { message: string }) {
  const t = useDict();
  const locale = useLocale();
  useEffect(() => {
    document.title = `404: ${props.message}`;
  }, [props.message]);
  return (
    <main className="error-page not-found" id="main">
      <p className="error-status">404</p>
      <h1>{props.message}</h1>
      <p>{t.errors.notFoundLocal}</p>
      <p>
        <a className="btn btn-primary" href={`/${locale}`}>
          {t.errors.backHome}
        </a>
      </p>
    </main>
  );
}
