import { Component, type ErrorInfo, type ReactNode } from 'react';
import { dictionaries } from '../i18n/i18n.ts';
import { mayReloadAfterChunkError } from '../layout/menu.ts';
import { localeStore } from './state.ts';

const reloadKey = 'chunkReloadAt';

/** A lazily loaded page whose chunk is gone after a deploy: §4 reloads, at most once per 60 s. */
function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Failed to fetch dynamically/i.test(
    message,
  );
}

export class StatusError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'StatusError';
    this.status = status;
  }
}

export function ErrorView(props: { status?: number; message?: string }) {
  const t = dictionaries[localeStore.getState().locale];
  const status = props.status ?? 500;
  const message = props.message || t.errors.defaultMessage;
  return (
    <main className="error-page" id="main">
      <p className="error-status">
        <span className="visually-hidden">{t.errors.status}: </span>
        {status}
      </p>
      <h1>{message}</h1>
      {status === 404 && (
        <p>
          <a href={`/${localeStore.getState().locale}`}>{t.errors.backHome}</a>
        </p>
      )}
    </main>
  );
}

/** When even the error page fails, §2's last resort text with a link home. */
class ErrorPageGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return (
        <main className="error-page" id="main">
          <h1>An error occurred while showing the error page</h1>
          <p>
            <a href="/">Back to the home page</a>
          </p>
        </main>
      );
    }
    return this.props.children;
  }
}

export class ErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { error: unknown; key: string }
> {
  override state: { error: unknown; key: string } = { error: undefined, key: '' };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; key: string }) {
    // Navigating away from a failed page clears the error.
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey };
  }
  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    if (!isChunkLoadError(error)) return;
    const last = Number(sessionStorage.getItem(reloadKey)) || undefined;
    const now = Date.now();
    if (mayReloadAfterChunkError(last, now)) {
      sessionStorage.setItem(reloadKey, String(now));
      window.location.reload();
    }
  }
  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    const status = error instanceof StatusError ? error.status : 500;
    const message = error instanceof Error ? error.message : undefined;
    return (
      <ErrorPageGuard>
        <ErrorView status={status} message={message} />
      </ErrorPageGuard>
    );
  }
}
