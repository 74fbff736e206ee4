import type { CollateralAlert } from '@tradelog/schemas/queries/collateral';
import { useEffect, useState } from 'react';
import { useDict, useLocale } from '../app/state.ts';
import { pieceLabel } from './collateral.ts';
import { consoleCall } from './consoleApi.ts';

/** The lender's open collateral alerts: a piece that more than one financing holds (query-api README "Collateral exposure"). */
export function CollateralAlerts(props: { apiKey: string }) {
  const t = useDict();
  const locale = useLocale();
  const [alerts, setAlerts] = useState<CollateralAlert[] | undefined>();
  useEffect(() => {
    consoleCall<{ alerts: CollateralAlert[] }>(props.apiKey, locale, '/open/info/collateral/alerts').then(
      (answer) => setAlerts(answer.ok ? answer.body.alerts : []),
    );
  }, [props.apiKey, locale]);
  return (
    <>
      <h3>{t.console.lender.alerts}</h3>
      {alerts !== undefined && alerts.length === 0 && <p className="muted">{t.console.lender.noAlerts}</p>}
      {alerts !== undefined && alerts.length > 0 && (
        <ul className="collateral-alerts">
          {alerts.map((alert) => (
            <li
              key={`${pieceLabel(alert)}|${alert.financings.map((f) => f?.financingOrderNo ?? '').join('|')}`}
            >
              {pieceLabel(alert)} ·{' '}
              {alert.financings
                .map((f) =>
                  f ? `${f.customerCode} ${f.financingOrderNo}` : t.console.lender.anotherEnterprise,
                )
                .join(' ↔ ')}{' '}
              · {alert.firstSeen}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
