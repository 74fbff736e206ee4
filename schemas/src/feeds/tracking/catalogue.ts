import type { DocumentType } from '../../documents/catalogue.ts';
import type { JsonSchema } from '../../documents/json-schema.ts';
import { airCargoEventSchema } from './air.ts';
import { expressTraceSchema } from './express.ts';
import { oceanContainerEventSchema } from './ocean.ts';
import { terminalEventSchema } from './terminal.ts';

/**
 * The tracking feeds (ARCHITECTURE "Feeds are documents too"): carriers, airlines' data
 * providers, port terminals and tracking integrators submit them through ingest like any
 * document — partner keys, JSON Schema validation, their own topic kept forever, keyed by the
 * tracked item so that every report on one item lands on one partition, in order.
 * Paths: `/api/v2/feed/tracking/<family>` (ours; the spec shows no feed interfaces).
 */
export type TrackingFeedId = 'expressTrace' | 'airCargoEvent' | 'oceanContainerEvent' | 'terminalEvent';

function feedTypeOf(id: TrackingFeedId, family: string, keyField: string, schema: JsonSchema): DocumentType {
  if (!schema.required?.includes(keyField)) throw new Error(`${id}: key field ${keyField} must be required`);
  return {
    id,
    group: 'tracking',
    title: { cn: schema.title ?? id, en: schema['x-title-en'] ?? id },
    path: `/api/v2/feed/tracking/${family}`,
    productPrefixed: false,
    topic: `tradelog.feed.${id}.v1`,
    keyField,
    partitions: 6,
    retention: 'forever',
    schema,
    response: 'common',
    feedFamily: `tracking.${family}`,
  };
}

export const trackingFeedTypes: readonly DocumentType[] = [
  feedTypeOf('expressTrace', 'express', 'logisticCode', expressTraceSchema),
  feedTypeOf('airCargoEvent', 'air', 'businessNumber', airCargoEventSchema),
  feedTypeOf('oceanContainerEvent', 'ocean', 'billNo', oceanContainerEventSchema),
  feedTypeOf('terminalEvent', 'terminal', 'businessNumber', terminalEventSchema),
];
