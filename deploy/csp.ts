import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  contentPolicyOptions,
  contentSecurityPolicy,
  portalPolicyOptions,
} from '@tradelog/schemas/kit/runtime/contentSecurityPolicy';

/**
 * `npm run csp [-- <content file>]`: prints the pages' Content-Security-Policy for an operator's
 * portal content file (default PORTAL_CONTENT_FILE, else the shipped sample), with the hosts of
 * the analytics scripts and the maps service it configures: the value for deploy/nginx.conf's `add_header` or another
 * proxy's (deploy/README.md "Content Security Policy").
 */
const file =
  process.argv[2] ||
  process.env.PORTAL_CONTENT_FILE ||
  fileURLToPath(new URL('../query-api/content/portal-content.sample.json', import.meta.url));
const foreign = contentPolicyOptions(JSON.parse(readFileSync(file, 'utf8')));
process.stdout.write(`${contentSecurityPolicy({ ...portalPolicyOptions, ...foreign })}\n`);
