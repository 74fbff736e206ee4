/**
 * The docs centre's pages, loaded on demand as one chunk (pages/registry.tsx; the prefetch test
 * in tests/web names this module's chunk): the open platform's landing page, a group's page and
 * an interface's page, each rendered from the JSON Schemas the services validate and answer with.
 */
export { DocsCenterPage } from './DocsCenterPage.tsx';
export { DocsDetailPage } from './DocsDetailPage.tsx';
export { TechnologyPlatformPage } from './TechnologyPlatformPage.tsx';
