import type { EnterpriseTrendMonth } from '@tradelog/schemas/queries/requests';
import { type FormEvent, useId, useState } from 'react';
import { useStore } from 'zustand';
import { consoleStore, useDict, useLocale } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import { FormError } from '../layout/FormError.tsx';
import { RefTable } from '../layout/RefTable.tsx';
import { AsOfPicker } from './AsOfPicker.tsx';
import { type AsOfShown, asOfParameter, asOfShownOf, withAsOf } from './chainStore.ts';
import { consoleCall } from './consoleApi.ts';
import { EnterpriseField } from './EnterpriseField.tsx';
import { InputField } from './InputField.tsx';
import { enterpriseChoices } from './keyAccount.ts';
import { LabelledField } from './LabelledField.tsx';
import { groupedBars, linePoints } from './trendChart.ts';

const orderSeries = ['purchaseOrders', 'salesToBusiness', 'salesToConsumer'] as const;
const flowSeries = ['inputAmount', 'outputAmount'] as const;

/** What a trend is asked for: the enterprise and the months from and to (`YYYY-MM`). */
type TrendRequest = { enterpriseId: string; fromMonth: string; toMonth: string };

/**
 * An enterprise's month by month (`POST /open/info/enterprise/trend`): orders per kind, inbound
 * and outbound amounts, and the month-end inventory value — every figure from the projections.
 */
export function TrendChart(props: { apiKey: string }) {
  const t = useDict().console.lender.trend;
  const locale = useLocale();
  const id = useId();
  const [form, setForm] = useState<TrendRequest>({ enterpriseId: '', fromMonth: '', toMonth: '' });
  const [months, setMonths] = useState<EnterpriseTrendMonth[]>();
  const [error, setError] = useState<string>();
  // The moment it is asked as of (query-api/README.md "As of a moment"; '' for now).
  const [asOf, setAsOf] = useState('');
  const [shownAsOf, setShownAsOf] = useState<AsOfShown>();
  // A lender picks among its grants (keyAccount.ts): the first until it picks another.
  const choices = enterpriseChoices(useStore(consoleStore, (state) => state.account));
  const enterpriseId =
    choices && !choices.includes(form.enterpriseId) ? (choices[0] ?? '') : form.enterpriseId;

  const ask = async (moment: string) => {
    const answer = await consoleCall<{ dataList: EnterpriseTrendMonth[] }>(
      props.apiKey,
      locale,
      withAsOf('/open/info/enterprise/trend', asOfParameter(moment)),
      {
        method: 'POST',
        body: { ...form, enterpriseId: enterpriseId.trim() },
      },
    );
    setError(answer.ok ? undefined : answer.message);
    setMonths(answer.ok ? answer.body.dataList : undefined);
    setShownAsOf(answer.ok ? asOfShownOf(answer.body) : undefined);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await ask(asOf);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="lender-trend" data-testid="trend">
      <h2 id={`${id}-title`}>{t.title}</h2>
      <TrendRequestForm
        id={id}
        form={form}
        enterpriseId={enterpriseId}
        choices={choices}
        onChange={setForm}
        onSubmit={submit}
      />
      <AsOfPicker
        id={`${id}-as-of`}
        testId="trend-as-of"
        value={asOf}
        onChange={(value) => {
          setAsOf(value);
          // A trend shown (or refused) is asked again as of the new moment.
          if (months || error) void ask(value);
        }}
        shown={shownAsOf}
      />
      {error && <FormError>{error}</FormError>}
      {months && <TrendFigures months={months} />}
    </section>
  );
}

/** The enterprise (among the key's grants when it has a list) and the months, with the button that asks. */
function TrendRequestForm(props: {
  id: string;
  form: TrendRequest;
  /** The enterprise asked for: the form's, or the first grant while the form's is none of them. */
  enterpriseId: string;
  choices: readonly string[] | undefined;
  onChange(form: TrendRequest): void;
  onSubmit(event: FormEvent): void;
}) {
  const t = useDict().console.lender.trend;
  const { id, form, onChange } = props;
  const input = (name: keyof TrendRequest, label: string, placeholder?: string) => (
    <InputField
      id={`${id}-${name}`}
      label={label}
      required
      placeholder={placeholder}
      value={form[name]}
      onChange={(value) => onChange({ ...form, [name]: value })}
    />
  );
  return (
    <form className="console-form inline-form" onSubmit={props.onSubmit}>
      <LabelledField id={`${id}-enterpriseId`} label={t.enterprise}>
        <EnterpriseField
          id={`${id}-enterpriseId`}
          choices={props.choices}
          value={props.enterpriseId}
          onChange={(value) => onChange({ ...form, enterpriseId: value })}
        />
      </LabelledField>
      {input('fromMonth', t.from, 'YYYY-MM')}
      {input('toMonth', t.to, 'YYYY-MM')}
      <button type="submit" className="btn btn-primary">
        {t.show}
      </button>
    </form>
  );
}

/** The months answered: the orders chart, the flows chart with the inventory line, and the table of every figure. */
function TrendFigures(props: { months: readonly EnterpriseTrendMonth[] }) {
  const t = useDict().console.lender.trend;
  const { months } = props;
  const label = (name: string) => t.series[name as keyof typeof t.series] ?? name;
  return (
    <>
      <div className="trend-charts">
        <BarChart
          testId="trend-orders"
          caption={t.orders}
          months={months}
          series={orderSeries}
          label={label}
        />
        <BarChart
          testId="trend-flows"
          caption={t.flows}
          months={months}
          series={flowSeries}
          line="inventoryAmount"
          label={label}
        />
      </div>
      <RefTable
        columns={[t.month, ...orderSeries.map(label), ...flowSeries.map(label), label('inventoryAmount')]}
        testId="trend-table"
      >
        {months.map((month) => (
          <tr key={month.month}>
            <th scope="row">{month.month}</th>
            {[...orderSeries, ...flowSeries, 'inventoryAmount' as const].map((name) => (
              <td key={name}>{month[name]}</td>
            ))}
          </tr>
        ))}
      </RefTable>
      <p className="muted small">{format(t.note, { months: months.length })}</p>
    </>
  );
}

/**
 * One chart: a bar per month and series, and optionally one series drawn as a line over them;
 * each bar carries its month, series and value for readers and tests alike.
 */
function BarChart(props: {
  testId: string;
  caption: string;
  months: readonly EnterpriseTrendMonth[];
  series: readonly (keyof EnterpriseTrendMonth & string)[];
  line?: keyof EnterpriseTrendMonth & string;
  label: (name: string) => string;
}) {
  const { months, series, line, label } = props;
  return (
    <figure className="chart" data-testid={props.testId}>
      <figcaption>{props.caption}</figcaption>
      <svg viewBox="0 0 100 100" preserveAspectRatio="none" role="img" aria-label={props.caption}>
        {groupedBars(months, series).map((bar) => (
          <rect
            key={`${bar.month}-${bar.series}`}
            className={`trend-bar series-${bar.series}`}
            data-month={bar.month}
            data-series={bar.series}
            data-value={bar.value}
            x={bar.x}
            width={bar.width}
            y={100 - bar.height}
            height={bar.height}
          >
            <title>{`${bar.month} ${label(bar.series)}: ${bar.value}`}</title>
          </rect>
        ))}
        {line && (
          <polyline
            className={`trend-line series-${line}`}
            points={linePoints(months, line)}
            fill="none"
            vectorEffect="non-scaling-stroke"
          />
        )}
      </svg>
      <p className="chart-legend small">
        {[...series, ...(line ? [line] : [])].map((name) => (
          <span key={name} className={`legend series-${name}`}>
            {label(name)}
          </span>
        ))}
      </p>
    </figure>
  );
}
