import { airSubject, expressSubject, terminalSubject } from '@tradelog/projections/push/families';
import type { TrackedItem } from '@tradelog/projections/tracking/item';
import { localizedError } from '@tradelog/schemas';
import type { Router } from 'express';
import { handle, sendSuccess } from '../reads/respond.ts';
import { subscriptionTimeline } from './rules.ts';
import { callerOf, type OceanParams, oceanItem, recordTrackingUse, trackedItemView } from './trackedReads.ts';
import type { TrackingContext } from './trackingContext.ts';
import { trackingQueryPaths } from './trackingPaths.ts';

export function addTimelineRoute(router: Router, ctx: TrackingContext): void {
  const { pool, now, anyKey, defaultLimit, find, verifyExpress, validated } = ctx;
  // One parcel's, container's, flight's or shipment's timeline (ours; query-api/README.md
  // "Tracking timeline"): the family's own query request, checked and billed as that query is,
  // answered as the tracked item with every event and its provenance (null while nothing is known).
  router.post(
    trackingQueryPaths.timeline,
    anyKey,
    defaultLimit,
    handle(async (req, res) => {
      const { family, request } = (req.body ?? {}) as { family?: unknown; request?: unknown };
      // The subscriber's view of an item (check values left out: tracking/rules.ts).
      let item: TrackedItem | null;
      if (family === 'express') {
        const query = validated('expressInstantQuery', request) as {
          shipperCode: string;
          logisticCode: string;
          customerName?: string;
        };
        // As the instant query: a customerName that does not verify is counted, refused, and not billed.
        const found = await find(expressSubject(query));
        await verifyExpress(res, query, found);
        await recordTrackingUse(pool, callerOf(res), {
          family: 'express',
          itemKey: expressSubject(query),
          at: now(),
        });
        ({ item } = subscriptionTimeline({ family: 'express', criteria: query }, found));
      } else if (family === 'ocean') {
        const query = validated('oceanTracking', request) as { params: OceanParams };
        ({ item } = subscriptionTimeline(
          { family, criteria: {} },
          await oceanItem(pool, query.params, now()),
        ));
      } else if (family === 'terminal') {
        const query = validated('terminalTracking', request) as {
          params: { businessNumber: string; portCode: string; ieid: string };
        };
        ({ item } = subscriptionTimeline(
          { family, criteria: {} },
          await find(terminalSubject(query.params)),
        ));
      } else if (family === 'air') {
        const query = validated('airTracking', request) as { businessNumber: string };
        ({ item } = subscriptionTimeline({ family, criteria: {} }, await find(airSubject(query))));
      } else {
        throw localizedError('VALIDATION_FAILED', 400, {
          cn: 'family 须为 express、ocean、terminal 或 air',
          en: 'family must be express, ocean, terminal or air',
        });
      }
      sendSuccess(res, { item: item && trackedItemView(item) });
    }),
  );
}
