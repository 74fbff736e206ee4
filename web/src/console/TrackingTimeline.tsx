import { useId } from 'react';
import { useDict } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import { RefTable } from '../layout/RefTable.tsx';
import { type TrackedItemView, timelineOf } from './trackingTimeline.ts';

/**
 * A tracked item's timeline in the subscriber console: its current state, its route as a row
 * of stops (express cities, ocean legs, terminal and air places) and every event in event time
 * with the partner (and ocean source) that reported it and the feed document it came from.
 */
export function TrackingTimeline(props: { subject: string; item: TrackedItemView | null }) {
  const t = useDict().console.tracking;
  const id = useId();
  if (!props.item) {
    return (
      <section className="tracking-timeline" aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`}>{format(t.title, { subject: props.subject })}</h3>
        <p className="muted">{t.none}</p>
      </section>
    );
  }
  const { stops, entries } = timelineOf(props.item);
  const state = [props.item.status, props.item.statusEx, props.item.location].filter(Boolean).join(' · ');
  return (
    <section className="tracking-timeline" aria-labelledby={`${id}-title`} data-testid="tracking-timeline">
      <h3 id={`${id}-title`}>{format(t.title, { subject: props.item.subject })}</h3>
      <p>
        {t.status}: <strong data-testid="tracking-status">{state}</strong>
      </p>
      {stops.length > 0 && (
        <figure className="route-diagram" aria-label={t.route}>
          <figcaption className="muted small">{t.route}</figcaption>
          <ol>
            {stops.map((stop, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a place may be passed twice, not in a row
              <li key={`${index}-${stop}`} className={index === stops.length - 1 ? 'current' : undefined}>
                {stop}
              </li>
            ))}
          </ol>
        </figure>
      )}
      <RefTable columns={[t.time, t.code, t.event, t.place, t.reportedBy]} testId="tracking-events">
        {entries.map((entry) => (
          <tr key={entry.key} className={entry.estimated ? 'estimated' : undefined}>
            <th scope="row">
              {entry.time}
              {entry.estimated && <span className="muted small"> ({t.estimated})</span>}
            </th>
            <td>
              <code>{entry.code}</code>
            </td>
            <td>{entry.title}</td>
            <td>{entry.place}</td>
            <td>
              {entry.reportedBy} <span className="muted small">{entry.documentId}</span>
            </td>
          </tr>
        ))}
      </RefTable>
    </section>
  );
}
