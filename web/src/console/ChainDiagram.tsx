import { useState } from 'react';
import { useDict } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import { edgePath, type LaidNode, type LinkNodeResponse, layoutChain, nodeSize } from './chainLayout.ts';
import { type ExposedPiece, pieceLabel, reusedPiecesByNode } from './collateral.ts';

/** Paints `layoutChain`'s graph; selecting a document (click or keyboard) shows its provenance. */
export function ChainDiagram(props: { response: LinkNodeResponse; collateral?: readonly ExposedPiece[] }) {
  const t = useDict();
  const layout = layoutChain(props.response);
  // A financing's documents that brought collateral other financings also hold.
  const reused = reusedPiecesByNode(layout.nodes, props.collateral ?? []);
  const [selected, setSelected] = useState<LaidNode | undefined>(layout.nodes[0]);
  if (layout.nodes.length === 0) return <p className="muted">{t.console.lender.noChain}</p>;
  const byId = new Map(layout.nodes.map((node) => [node.id, node]));
  const { provenance, keys: _keys, fields: nested, ...rest } = selected?.document ?? {};
  const fields = nested ?? rest;
  return (
    <div className="chain">
      <figure className="chain-figure">
        <figcaption>
          {t.console.lender.diagram} · {format(t.console.lender.documents, { count: layout.nodes.length })} ·{' '}
          {format(t.console.lender.edges, { count: layout.edges.length })}
        </figcaption>
        <div className="chain-scroll">
          <svg
            width={layout.width}
            height={layout.height}
            viewBox={`0 0 ${layout.width} ${layout.height}`}
            aria-labelledby="chain-title"
          >
            <title id="chain-title">{t.console.lender.diagram}</title>
            {layout.columns.map((column) => (
              <text
                key={column.block}
                x={column.x + nodeSize.width / 2}
                y={column.y + 14}
                textAnchor="middle"
                className="chain-column"
              >
                {column.block}
              </text>
            ))}
            {layout.edges.map((edge) => {
              const from = byId.get(edge.from)!;
              const to = byId.get(edge.to)!;
              const d = edgePath(from, to);
              const touchesSelected = selected?.id === edge.from || selected?.id === edge.to;
              // The shared numbers on hover, and for the selected (or keyboard-focused) node's
              // edges, highlighted, as the provenance panel lists them.
              return (
                <g
                  key={`${edge.from}-${edge.to}`}
                  className={`chain-edge${touchesSelected ? ' active' : ''}`}
                  data-keys={edge.keys.join(' ')}
                >
                  <path d={d} fill="none" />
                  <path d={d} fill="none" className="chain-edge-hit" />
                  <title>{`${from.label} ↔ ${to.label}: ${edge.keys.map((key) => key.split(':').at(-1)).join(', ')}`}</title>
                </g>
              );
            })}
            {layout.nodes.map((node) => (
              // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>; it gets the role, focus and keys
              <g
                key={node.id}
                className={`chain-node${selected?.id === node.id ? ' selected' : ''}${reused.has(node.id) ? ' reused' : ''}`}
                transform={`translate(${node.x},${node.y})`}
                role="button"
                tabIndex={0}
                aria-pressed={selected?.id === node.id}
                aria-label={`${node.block} ${node.label}`}
                onClick={() => setSelected(node)}
                onFocus={() => setSelected(node)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    setSelected(node);
                  }
                }}
              >
                <rect width={nodeSize.width} height={nodeSize.height} rx={8} />
                {reused.has(node.id) && (
                  <text x={nodeSize.width - 20} y={22} className="chain-reused">
                    <title>{`${t.console.lender.reused}: ${reused.get(node.id)!.map(pieceLabel).join(', ')}`}</title>
                    ⚠
                  </text>
                )}
                <text x={12} y={22} className="chain-type">
                  {node.document.documentType ?? node.document.type ?? node.block}
                </text>
                <text x={12} y={42} className="chain-key">
                  {node.label.length > 22 ? `${node.label.slice(0, 21)}…` : node.label}
                </text>
              </g>
            ))}
          </svg>
        </div>
      </figure>
      <aside className="chain-panel" aria-live="polite">
        <h3>{t.console.lender.provenance}</h3>
        {!selected ? (
          <p className="muted">{t.console.lender.select}</p>
        ) : (
          <>
            <p>
              <strong>{selected.label}</strong> <span className="muted">({selected.block})</span>
            </p>
            {provenance && (
              <dl className="kv">
                {Object.entries(provenance).map(([key, value]) => (
                  <div key={key}>
                    <dt>{key}</dt>
                    <dd>
                      <code>{String(value)}</code>
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            <h4>{t.console.lender.links}</h4>
            <ul className="links" data-testid="chain-links">
              {layout.edges
                .filter((edge) => edge.from === selected.id || edge.to === selected.id)
                .map((edge) => {
                  const other = byId.get(edge.from === selected.id ? edge.to : edge.from)!;
                  return (
                    <li key={`${edge.from}-${edge.to}`}>
                      <button type="button" className="link-button" onClick={() => setSelected(other)}>
                        {other.label}
                      </button>{' '}
                      <span className="muted small">
                        {edge.keys.map((key) => key.split(':').at(-1)).join(', ')}
                      </span>
                    </li>
                  );
                })}
            </ul>
            <details>
              <summary>JSON</summary>
              <pre className="code small">{JSON.stringify(fields, null, 2)}</pre>
            </details>
          </>
        )}
      </aside>
    </div>
  );
}
