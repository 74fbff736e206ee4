/** The ingest product name that fills `{product}` in submission paths (ingest's INGEST_PRODUCT default). */
export const ingestProduct = import.meta.env.VITE_INGEST_PRODUCT ?? 'tradelog';

/** Submission path with `{product}` filled the way ingest fills it. */
export function submissionPath(path: string, product: string): string {
  return path.replaceAll('{product}', product);
}
