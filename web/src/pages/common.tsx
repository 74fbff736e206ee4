import type { Block } from '@tradelog/schemas/portal/contentAnswers';
import type { ReactNode } from 'react';
import { StatusError } from '../app/ErrorBoundary.tsx';
import { notFoundText } from '../app/routes.ts';
import { useDict } from '../app/state.ts';
import { FormError } from '../layout/FormError.tsx';
import type { Entry } from '../stores/content.ts';

export function PageHero(props: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <section className="page-hero">
      <div className="container">
        <h1>{props.title}</h1>
        {props.lead && <p className="lead">{props.lead}</p>}
        {props.children}
      </div>
    </section>
  );
}

export function Blocks(props: { blocks: Block[] }) {
  return (
    <>
      {props.blocks.map((block, index) => {
        const key = `${block.kind}-${index}`;
        if (block.kind === 'heading') return <h2 key={key}>{block.text}</h2>;
        if (block.kind === 'paragraph') return <p key={key}>{block.text}</p>;
        return (
          <ul key={key}>
            {block.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        );
      })}
    </>
  );
}

/**
 * Renders a content entry: a loading line, the §8 error text with a retry, or the content.
 * A 404 from the content API is the route's "This page could not be found".
 */
export function Loaded<T>(props: {
  entry: Entry<T> | undefined;
  children: (value: T) => ReactNode;
  onRetry?: () => void;
  /**
   * §8's text for this call's failure ("The request to home page failed", "… integrated services
   * failed"), said first; the server's or the network's own message follows it, so the visitor
   * learns what failed and why.
   */
  failure?: string;
}) {
  const t = useDict();
  const { entry } = props;
  if (!entry || entry.status === 'loading') {
    return (
      <p className="loading" role="status">
        {t.common.loading}
      </p>
    );
  }
  if (entry.status === 'error') {
    if (entry.message === notFoundText) throw new StatusError(404, notFoundText);
    return <FormError>{props.failure ? `${props.failure} (${entry.message})` : entry.message}</FormError>;
  }
  return <>{props.children(entry.value)}</>;
}

export function formatYuan(amount: number, locale: 'cn' | 'en'): string {
  return new Intl.NumberFormat(locale === 'cn' ? 'zh-CN' : 'en-US').format(amount);
}

/** Limits are kept in 万 (10,000 yuan); §9 writes "1,000万 up to 1亿". */
export function formatLimit(limitWan: number, locale: 'cn' | 'en'): string {
  if (locale === 'cn') return limitWan >= 10_000 ? `${limitWan / 10_000}亿元` : `${limitWan}万元`;
  const yuan = limitWan * 10_000;
  return yuan >= 1_000_000 ? `${yuan / 1_000_000}m yuan` : `${formatYuan(yuan, locale)} yuan`;
}

/** The cards of a list (§2's market, experts, tools, courses, exhibits), three or four to a row. */
export function CardGrid<Item>(props: {
  items: readonly Item[];
  columns: 'three' | 'four';
  keyOf: (item: Item) => string | number;
  cardClass?: string;
  children: (item: Item) => ReactNode;
}) {
  return (
    <ul className={`card-grid ${props.columns}`}>
      {props.items.map((item) => (
        <li key={props.keyOf(item)} className={props.cardClass ?? 'card'}>
          {props.children(item)}
        </li>
      ))}
    </ul>
  );
}

/** A list page of cards: its hero, then the loaded items as a card grid (or `empty` when there are none). */
export function CardGridPage<T, Item>(props: {
  title: string;
  lead: string;
  entry: Entry<T> | undefined;
  items: (value: T) => readonly Item[];
  columns: 'three' | 'four';
  keyOf: (item: Item) => string | number;
  cardClass?: string;
  empty?: ReactNode;
  card: (item: Item) => ReactNode;
}) {
  return (
    <main id="main" className="page">
      <PageHero title={props.title} lead={props.lead} />
      <div className="container">
        <Loaded entry={props.entry}>
          {(value) => {
            const items = props.items(value);
            if (items.length === 0 && props.empty !== undefined) return props.empty;
            return (
              <CardGrid items={items} columns={props.columns} keyOf={props.keyOf} cardClass={props.cardClass}>
                {props.card}
              </CardGrid>
            );
          }}
        </Loaded>
      </div>
    </main>
  );
}
