import { type ChangeKind, changeKindsOf } from '@tradelog/schemas/changes/contract';
import type { DocumentTypeId } from '@tradelog/schemas/documents/catalogue';
import type { Queryable } from './db.ts';

/**
 * What a projection is, declared once (ARCHITECTURE "Processors are pure at the core"): its
 * tables, how two versions of it are compared, which document and feed topics it reads and
 * which change events it publishes. The consumer runtime, rebuild, versions, `/ops` and the
 * console all read the declarations of `catalogue.ts`; the processors bind a reducer to each.
 */
export interface ProjectionDeclaration<Name extends string = string> {
  name: Name;
  title: { cn: string; en: string };
  /** The document and feed types whose topics it reads. */
  reads: readonly DocumentTypeId[];
  /** Creates the projection's tables in a version's schema (idempotent). */
  createTables(db: Queryable, schema: string): Promise<void>;
  /**
   * How a rebuilt version is compared with the live one: per table, a key and a hash of what a
   * reader sees for it (compared with IS DISTINCT FROM: a digest, or a row of values where
   * equality must be by value, as jsonb's). `table` is a table of the version's schema, or a subquery that names
   * the schema as `{schema}`; `label` names such a subquery in the comparison.
   */
  compared: readonly ComparedTable[];
  /**
   * The change-event kinds it publishes to the changes topic: read from the change contract
   * (schemas/src/changes/contract.ts) under its name, never written here, so the two cannot differ.
   */
  changeKinds: readonly ChangeKind[];
  /**
   * It attributes documents to enterprises and keeps `attribution_keys` and `pending_documents`
   * (processors/README.md "Attribution"): operators list what is pending at `/ops/unattributed`.
   */
  attributes: boolean;
  /**
   * The revision of what it makes of the log: raised whenever the same records would give other
   * rows (new tables, changed rules). A live version of an older revision is rebuilt beside
   * itself and replaced when the rebuild catches up (processors/README.md "Upgrading a
   * projection"). 1 when not given.
   */
  revision: number;
}

export interface ComparedTable {
  table: string;
  label?: string;
  key: string;
  hash: string;
}

export function declareProjection<const Name extends string>(
  declaration: Omit<ProjectionDeclaration<Name>, 'revision' | 'changeKinds'> & { revision?: number },
): ProjectionDeclaration<Name> {
  return Object.freeze({
    ...declaration,
    revision: declaration.revision ?? 1,
    changeKinds: changeKindsOf(declaration.name),
  });
}
