import { useState } from 'react';
import { useDict } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import { ChainProvenance } from './ChainProvenance.tsx';
import {
  boxedLabel,
  type ChainLayout,
  edgePath,
  type LaidEdge,
  type LaidNode,
  type LinkNodeResponse,
  layoutChain,
  nodeSize,
  sharedKeysText,
} from './chainLayout.ts';
import { type ExposedPiece, pieceLabel, reusedPiecesByNode } from './collateral.ts';

/** Paints `layoutChain`'s graph; selecting a document (click or keyboard) shows its provenance. */
export function ChainDiagram(props: { response: LinkNodeResponse; collateral?: readonly ExposedPiece[] }) {
  const t = useDict();
  const layout = layoutChain(props.response);
  // A financing's documents that brought collateral other financings also hold.
  const reused = reusedPiecesByNode(layout.nodes, props.collateral ?? []);
  const [selected, setSelected] = useState<LaidNode | undefined>(layout.nodes[0]);
  if (layout.nodes.length === 0) return <p className="muted">{t.console.lender.noChain}</p>;
  return (
    <div className="chain">
      <ChainFigure layout={layout} reused={reused} selected={selected} onSelect={setSelected} />
      <ChainProvenance layout={layout} selected={selected} onSelect={setSelected} />
    </div>
  );
}

/** The graph itself: a heading per block's column, the edges under the nodes. */
function ChainFigure(props: {
  layout: ChainLayout;
  reused: ReadonlyMap<string, ExposedPiece[]>;
  selected: LaidNode | undefined;
  onSelect(node: LaidNode): void;
}) {
  const t = useDict();
  const { layout, reused, selected } = props;
  const byId = new Map(layout.nodes.map((node) => [node.id, node]));
  return (
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
          {layout.edges.map((edge) => (
            <ChainEdge
              key={`${edge.from}-${edge.to}`}
              edge={edge}
              from={byId.get(edge.from)!}
              to={byId.get(edge.to)!}
              active={selected?.id === edge.from || selected?.id === edge.to}
            />
          ))}
          {layout.nodes.map((node) => (
            <ChainNode
              key={node.id}
              node={node}
              selected={selected?.id === node.id}
              pieces={reused.get(node.id)}
              onSelect={props.onSelect}
            />
          ))}
        </svg>
      </div>
    </figure>
  );
}

/**
 * The shared numbers on hover, and for the selected (or keyboard-focused) node's
 * edges, highlighted, as the provenance panel lists them.
 */
function ChainEdge(props: { edge: LaidEdge; from: LaidNode; to: LaidNode; active: boolean }) {
  const { edge, from, to } = props;
  const d = edgePath(from, to);
  return (
    <g className={`chain-edge${props.active ? ' active' : ''}`} data-keys={edge.keys.join(' ')}>
      <path d={d} fill="none" />
      <path d={d} fill="none" className="chain-edge-hit" />
      <title>{`${from.label} ↔ ${to.label}: ${sharedKeysText(edge.keys)}`}</title>
    </g>
  );
}

/** A document's box, selected by click, focus, Enter or Space; ⚠ when it brought reused collateral (`pieces`). */
function ChainNode(props: {
  node: LaidNode;
  selected: boolean;
  pieces: readonly ExposedPiece[] | undefined;
  onSelect(node: LaidNode): void;
}) {
  const t = useDict();
  const { node, pieces, onSelect } = props;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>; it gets the role, focus and keys
    <g
      className={`chain-node${props.selected ? ' selected' : ''}${pieces ? ' reused' : ''}`}
      transform={`translate(${node.x},${node.y})`}
      role="button"
      tabIndex={0}
      aria-pressed={props.selected}
      aria-label={`${node.block} ${node.label}`}
      onClick={() => onSelect(node)}
      onFocus={() => onSelect(node)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onSelect(node);
        }
      }}
    >
      <rect width={nodeSize.width} height={nodeSize.height} rx={8} />
      {pieces && (
        <text x={nodeSize.width - 20} y={22} className="chain-reused">
          <title>{`${t.console.lender.reused}: ${pieces.map(pieceLabel).join(', ')}`}</title>⚠
        </text>
      )}
      <text x={12} y={22} className="chain-type">
        {node.document.documentType ?? node.document.type ?? node.block}
      </text>
      <text x={12} y={42} className="chain-key">
        {boxedLabel(node.label)}
      </text>
    </g>
  );
}
