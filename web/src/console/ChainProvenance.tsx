import { useDict } from '../app/state.ts';
import { type ChainLayout, type LaidNode, linksOf, ownFields, sharedKeysText } from './chainLayout.ts';

/** The chain diagram's side panel: the selected document's provenance, its links and its JSON. */
export function ChainProvenance(props: {
  layout: ChainLayout;
  selected: LaidNode | undefined;
  onSelect(node: LaidNode): void;
}) {
  const t = useDict().console.lender;
  const { selected } = props;
  return (
    <aside className="chain-panel" aria-live="polite">
      <h3>{t.provenance}</h3>
      {!selected ? (
        <p className="muted">{t.select}</p>
      ) : (
        <>
          <p>
            <strong>{selected.label}</strong> <span className="muted">({selected.block})</span>
          </p>
          {selected.document.provenance && (
            <dl className="kv">
              {Object.entries(selected.document.provenance).map(([key, value]) => (
                <div key={key}>
                  <dt>{key}</dt>
                  <dd>
                    <code>{String(value)}</code>
                  </dd>
                </div>
              ))}
            </dl>
          )}
          <h4>{t.links}</h4>
          <ul className="links" data-testid="chain-links">
            {linksOf(props.layout, selected.id).map(({ edge, other }) => (
              <li key={`${edge.from}-${edge.to}`}>
                <button type="button" className="link-button" onClick={() => props.onSelect(other)}>
                  {other.label}
                </button>{' '}
                <span className="muted small">{sharedKeysText(edge.keys)}</span>
              </li>
            ))}
          </ul>
          <details>
            <summary>JSON</summary>
            <pre className="code small">{JSON.stringify(ownFields(selected.document), null, 2)}</pre>
          </details>
        </>
      )}
    </aside>
  );
}
