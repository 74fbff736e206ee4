import { useDict, useLocale } from '../app/state.ts';
import { format } from '../i18n/i18n.ts';
import type { AsOfShown } from './chainStore.ts';
import { localTime } from './consoleFormat.ts';
import { InputField } from './InputField.tsx';

/**
 * The as-of picker of every lender view (query-api/README.md "As of a moment"): a date-time in
 * the browser's local time, empty for now, a "Now" button once a moment is set, and what the
 * answer shown says it reflects (the records replayed and their last log positions).
 */
export function AsOfPicker(props: {
  id: string;
  value: string;
  onChange(value: string): void;
  /** The `asOf` member of the answer shown, when it was asked as of a moment. */
  shown: AsOfShown | undefined;
  className?: string;
  testId: string;
}) {
  const t = useDict().console.lender;
  const locale = useLocale();
  return (
    <>
      <div className={`inline-form as-of-picker${props.className ? ` ${props.className}` : ''}`}>
        <InputField
          id={props.id}
          label={t.asOf}
          type="datetime-local"
          step={1}
          value={props.value}
          onChange={(value) => props.onChange(value)}
        />
        {props.value !== '' && (
          <button type="button" className="btn btn-ghost" onClick={() => props.onChange('')}>
            {t.asOfNow}
          </button>
        )}
      </div>
      {props.shown && (
        <p className="muted" data-testid={props.testId}>
          {format(t.asOfShown, {
            at: localTime(props.shown.at, locale),
            records: props.shown.records,
            positions: props.shown.positions.map((p) => `${p.topic}:${p.partition}:${p.offset}`).join(', '),
          })}
        </p>
      )}
    </>
  );
}

/** What a lender view's store holds of its moment: the one asked, and the one its answer reflects. */
export interface AsOfView {
  asOf: string;
  setAsOf(value: string): Promise<void>;
  status: 'idle' | 'busy' | 'done' | 'error';
  shownAsOf: AsOfShown | undefined;
}

/** The picker of a lender view whose store asks again as of the moment chosen. */
export function ViewAsOfPicker(props: { id: string; testId: string; className?: string; view: AsOfView }) {
  const { view } = props;
  return (
    <AsOfPicker
      id={props.id}
      className={props.className}
      testId={props.testId}
      value={view.asOf}
      onChange={(value) => void view.setAsOf(value)}
      shown={view.status === 'done' ? view.shownAsOf : undefined}
    />
  );
}
