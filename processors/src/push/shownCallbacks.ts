import { redactCallbackUrl } from '@tradelog/projections/push/callbackTarget';

/**
 * Callbacks as attempt rows show them (redacted: callbackTarget.ts), remembered by callback:
 * parsing the URL for every attempt's row costs more than its POST's signature. Bounded: emptied
 * when it grows past `max`.
 */
export function createShownCallbacks(max = 10_000): (url: string) => string {
  const redacted = new Map<string, string>();
  return (url) => {
    let shown = redacted.get(url);
    if (shown === undefined) {
      if (redacted.size >= max) redacted.clear();
      shown = redactCallbackUrl(url);
      redacted.set(url, shown);
    }
    return shown;
  };
}
