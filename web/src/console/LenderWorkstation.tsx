import { useMemo, useRef } from 'react';
import { useLocale } from '../app/state.ts';
import type { LinkNodeResponse } from './chainLayout.ts';
import { type ChainStore, createChainStore, type ExposureAnswer, withAsOf } from './chainStore.ts';
import { consoleCall } from './consoleApi.ts';
import { LenderTables } from './LenderTables.tsx';
import { LenderTracking } from './LenderTracking.tsx';
import { LinkNodeLookup } from './LinkNodeLookup.tsx';
import { Portfolio } from './Portfolio.tsx';
import { TrendChart } from './TrendChart.tsx';

/**
 * The lender tab: the portfolio it lands on, the chain a financing's row opens (as of the
 * portfolio's moment), then the enterprise query tables, the trend and tracking.
 */
export function LenderWorkstation(props: { apiKey: string }) {
  const locale = useLocale();
  const chainSection = useRef<HTMLElement>(null);
  const chain: ChainStore = useMemo(
    () =>
      createChainStore({
        linkNode: (request, asOf) =>
          consoleCall<LinkNodeResponse>(props.apiKey, locale, withAsOf('/open/info/link/node', asOf), {
            method: 'POST',
            body: request,
          }),
        exposure: (request, asOf) =>
          consoleCall<ExposureAnswer>(
            props.apiKey,
            locale,
            withAsOf('/open/info/collateral/exposure', asOf),
            {
              method: 'POST',
              body: request,
            },
          ),
      }),
    [props.apiKey, locale],
  );
  const openChain = (financing: { customerCode: string; financingOrderNo: string }, asOf: string) => {
    void chain.getState().open(
      {
        customerCode: financing.customerCode,
        documentsType: '10',
        documentsNo: financing.financingOrderNo,
      },
      asOf,
    );
    chainSection.current?.scrollIntoView({ block: 'start' });
  };
  return (
    <>
      <Portfolio apiKey={props.apiKey} onOpenChain={openChain} />
      <LinkNodeLookup apiKey={props.apiKey} store={chain} sectionRef={chainSection} />
      <LenderTables apiKey={props.apiKey} />
      <TrendChart apiKey={props.apiKey} />
      <LenderTracking apiKey={props.apiKey} />
    </>
  );
}
