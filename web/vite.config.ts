import { port } from '@tradelog/schemas/runtime/env';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server forwards the backends' prefixes so the portal talks to them same-origin,
// exactly as a reverse proxy does in production (deploy/). Ports come from the same env keys
// the services read.
const ingest = `http://127.0.0.1:${port(process.env, 'INGEST_PORT', 8080)}`;
const queryApi = `http://127.0.0.1:${port(process.env, 'QUERY_API_PORT', 8082)}`;

// The services' interactive API references (GET /docs, /openapi.json), mounted under a prefix.
const reference = {
  '/api-reference/ingest': {
    target: ingest,
    rewrite: (path: string) => path.replace(/^\/api-reference\/ingest/, ''),
  },
  '/api-reference/query': {
    target: queryApi,
    rewrite: (path: string) => path.replace(/^\/api-reference\/query/, ''),
  },
};

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/portal-api': queryApi,
      '/open': queryApi,
      '/ops': queryApi,
      '/subscriptions': queryApi,
      '/documents': queryApi,
      '/logistics': queryApi,
      '/api': ingest,
      '/tradelog': ingest,
      ...reference,
    },
  },
  preview: {
    proxy: {
      '/portal-api': queryApi,
      '/open': queryApi,
      '/ops': queryApi,
      '/subscriptions': queryApi,
      '/documents': queryApi,
      '/logistics': queryApi,
      '/api': ingest,
      '/tradelog': ingest,
      ...reference,
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
