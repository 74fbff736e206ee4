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

/** One tracking feed as the document catalogue (documents/catalogue.ts) turns it into a topic. */
export interface TrackingFeed {
  id: TrackingFeedId;
  /** The path's and the feed family's last segment. */
  family: string;
  keyField: string;
  schema: JsonSchema;
}

export const trackingFeeds: readonly TrackingFeed[] = [
  { id: 'expressTrace', family: 'express', keyField: 'logisticCode', schema: expressTraceSchema },
  { id: 'airCargoEvent', family: 'air', keyField: 'businessNumber', schema: airCargoEventSchema },
  { id: 'oceanContainerEvent', family: 'ocean', keyField: 'billNo', schema: oceanContainerEventSchema },
  { id: 'terminalEvent', family: 'terminal', keyField: 'businessNumber', schema: terminalEventSchema },
];
