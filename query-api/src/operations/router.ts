import { Router } from 'express';
import { addAuditRoutes } from './auditRoutes.ts';
import { addDeadLetterRoutes } from './deadLetterRoutes.ts';
import { type OperationsDependencies, operationsOf } from './operations.ts';
import { addPushLogRoutes } from './pushLogRoutes.ts';
import { addRebuildRoutes, addVersionListRoutes } from './versionRoutes.ts';

/**
 * Operator endpoints (query-api/README.md "Operator endpoints"): request a rebuild (the processors build it and report progress
 * into `projection_versions`), watch it, drop old versions; list and retry dead letters. The
 * query API only records requests: building is the processors' job (ARCHITECTURE, nothing
 * imports processors).
 */
export function createOperationsRouter(deps: OperationsDependencies): Router {
  const ops = operationsOf(deps);
  const router = Router();
  addRebuildRoutes(router, ops);
  addVersionListRoutes(router, ops);
  addDeadLetterRoutes(router, ops);
  addPushLogRoutes(router, ops);
  addAuditRoutes(router, ops);
  return router;
}
