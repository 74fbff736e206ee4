import type { ProjectionName, Queryable } from '@tradelog/projections';
import type { ChangeEvent } from '../changes.ts';
import type { DocumentEvent } from '../documents/event.ts';

/**
 * A projection as the consumer runtime drives it: the thin shell around a pure reducer. `apply`
 * loads the slice of state the event needs from the version's schema, runs the reducer, writes
 * back what changed and returns the change events, all on the batch's transaction.
 */
export interface Projection {
  name: ProjectionName;
  apply(db: Queryable, schema: string, event: DocumentEvent): Promise<ChangeEvent[]>;
}
