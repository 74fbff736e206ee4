import type { ListedProjection } from '@tradelog/schemas/queries/operations';
import { useDict, useLocale } from '../app/state.ts';
import { format, pick } from '../i18n/i18n.ts';
import {
  lastUnswitchedRebuild,
  type ProjectionVersion,
  rebuildFraction,
  summarise,
  type UnswitchedRebuild,
} from './operations.ts';

type Rebuild = (name: string, method?: 'POST' | 'DELETE', body?: { acceptDifferences: true }) => void;

/** Each declared projection with its live version and, while one runs, its rebuild's progress. */
export function ProjectionList(props: {
  declared: ListedProjection[];
  versions: Record<string, ProjectionVersion[]>;
  rebuild: Rebuild;
}) {
  const o = useDict().console.ops;
  return (
    <>
      <h3>{o.projections}</h3>
      <ul className="projection-list">
        {props.declared.map((projection) => (
          <ProjectionCard
            key={projection.name}
            projection={projection}
            versions={props.versions[projection.name] ?? []}
            rebuild={props.rebuild}
          />
        ))}
      </ul>
    </>
  );
}

function ProjectionCard(props: {
  projection: ListedProjection;
  versions: ProjectionVersion[];
  rebuild: Rebuild;
}) {
  const o = useDict().console.ops;
  const locale = useLocale();
  const { name, title } = props.projection;
  const { live, rebuilding } = summarise(props.versions);
  return (
    <li className="card projection-card">
      <h4>
        {pick(title, locale)} <code>{name}</code>
      </h4>
      <p>
        {o.live}: {live ? `v${live.version}` : o.noLive}
      </p>
      {rebuilding ? (
        <RebuildProgress name={name} rebuilding={rebuilding} cancel={() => props.rebuild(name, 'DELETE')} />
      ) : (
        <>
          <UnswitchedOutcome
            name={name}
            outcome={lastUnswitchedRebuild(props.versions)}
            rebuild={props.rebuild}
          />
          <button type="button" className="btn btn-small" onClick={() => props.rebuild(name)}>
            {o.rebuild}
          </button>
        </>
      )}
    </li>
  );
}

/**
 * Why the last rebuild did not switch. One that differs from the live version may be asked for
 * again accepting the differences (a live version that drifted from its log), confirmed first:
 * readers then see what the rules make of the log, not what the live version held.
 */
function UnswitchedOutcome(props: {
  name: string;
  outcome: UnswitchedRebuild | undefined;
  rebuild: Rebuild;
}) {
  const o = useDict().console.ops;
  const { name, outcome } = props;
  if (!outcome) return null;
  const said =
    outcome.reason === 'cancelled'
      ? format(o.rebuildCancelled, { version: outcome.version, who: outcome.cancelledBy })
      : outcome.reason === 'differs'
        ? format(o.rebuildDiffers, { version: outcome.version, tables: outcome.tables.join(', ') })
        : format(o.rebuildFailed, { version: outcome.version, failure: outcome.failure });
  return (
    <>
      <p
        className={outcome.reason === 'cancelled' ? 'muted small' : 'form-error'}
        data-testid="rebuild-unswitched"
      >
        {said}
      </p>
      {outcome.reason === 'differs' && (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => {
            if (window.confirm(format(o.confirmAcceptDifferences, { projection: name })))
              props.rebuild(name, 'POST', { acceptDifferences: true });
          }}
        >
          {o.rebuildAccepting}
        </button>
      )}
    </>
  );
}

function RebuildProgress(props: { name: string; rebuilding: ProjectionVersion; cancel: () => void }) {
  const o = useDict().console.ops;
  const { name, rebuilding } = props;
  const percent = Math.round(rebuildFraction(rebuilding.progress) * 100);
  return (
    <>
      <p>
        {format(o.rebuilding, {
          version: rebuilding.version,
          state: rebuilding.progress.state ?? rebuilding.state,
        })}
      </p>
      <div
        className="meter"
        role="progressbar"
        aria-label={`${name} v${rebuilding.version}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="meter-bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="muted small">
        {format(o.applied, {
          records: rebuilding.progress.recordsApplied ?? 0,
          lag: rebuilding.progress.remainingLag ?? '—',
          rate: rebuilding.progress.ratePerSecond ?? 0,
        })}
      </p>
      {rebuilding.progress.readOnWithout && (
        <p className="form-error" data-testid="rebuild-read-on-without">
          {format(o.readOnWithout, {
            partitions: rebuilding.progress.readOnWithout.map((p) => p.partition).join(', '),
          })}
        </p>
      )}
      <button type="button" className="btn btn-small" onClick={props.cancel}>
        {o.tools.cancel}
      </button>
    </>
  );
}
