import { describe, expect, it } from 'vitest';
import { demoSubmissions, releaseAlert } from '../../deploy/demo/dataset.ts';
import { emptyPledgeState } from '../../processors/src/collateral/pledgeState.ts';
import {
  type ChainsCollateralPledges,
  reduceAlertsDocument,
} from '../../processors/src/collateral/pledges.ts';
import { emptyCollateralState } from '../../processors/src/collateral/state.ts';
import { documentLog } from '../../processors/src/documents/testing.ts';
import { emptyLinkNodeState } from '../../processors/src/link-node/reducer.ts';
import { defaultCoverageThreshold } from '../../projections/src/collateral/thresholds.ts';

// The demo data through the pure release and coverage rules, in the order it is sent
// (deploy/demo/dataset.ts `releaseAlert`): what the lender console and the portfolio show.
describe('the demo’s release and coverage alerts', () => {
  it('gives one release alert and one low-coverage financing, both the doubly financed enterprise’s first financing', () => {
    const log = documentLog();
    let state: ChainsCollateralPledges = {
      links: emptyLinkNodeState(),
      collateral: emptyCollateralState(),
      pledges: emptyPledgeState(),
    };
    const kinds: string[] = [];
    for (const entry of demoSubmissions()) {
      const reduced = reduceAlertsDocument(state, log(entry.interface, entry.document), () => [
        defaultCoverageThreshold,
      ]);
      state = reduced.state;
      kinds.push(...reduced.changes.map((change) => `${change.kind} ${change.enterprise}`));
    }
    const open = [...state.collateral.financings.values()].filter((financing) => financing.open);
    const name = (key: string) => (JSON.parse(key) as string[]).join('/');
    const released = [...state.pledges.releases.values()]
      .filter((release) => open.some((financing) => financing.key === release.financingKey))
      .map((release) => name(release.financingKey));
    const low = open
      .filter(
        (financing) => (state.pledges.coverage.get(financing.key)?.coverage ?? Number.POSITIVE_INFINITY) < 1,
      )
      .map((financing) => name(financing.key));
    const first = `${releaseAlert.enterprise.code}/${releaseAlert.financingOrderNo}`;
    expect(released).toEqual([first]);
    expect(low).toEqual([first]);
    // One release published in all; the second financing of the enterprise is open and not low.
    expect(kinds.filter((kind) => kind.startsWith('collateral.released'))).toEqual([
      `collateral.released ${releaseAlert.enterprise.code}`,
    ]);
    expect(open.map((financing) => name(financing.key)).sort()).toHaveLength(2);
  });
});
