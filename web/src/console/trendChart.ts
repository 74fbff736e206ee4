import type { EnterpriseTrendMonth } from '@tradelog/schemas/queries/requests';

/**
 * The lender's trend chart, pure (house style §2): from `POST /open/info/enterprise/trend`'s
 * months to the bars and the line the SVG draws, in a 0–100 × 0–100 box. Heights are shares of
 * the largest value of their series, so each series reads on its own scale; the numbers are in
 * labels and the table, never inferred from the drawing.
 */

export interface TrendBar {
  month: string;
  series: string;
  value: number;
  x: number;
  width: number;
  /** From the bottom, as a share of the box's height (0–100). */
  height: number;
}

/** Bars of the given series, grouped by month, side by side within each month's slot. */
export function groupedBars(
  months: readonly EnterpriseTrendMonth[],
  series: readonly (keyof EnterpriseTrendMonth)[],
): TrendBar[] {
  if (months.length === 0) return [];
  const values = months.flatMap((month) => series.map((name) => Number(month[name]) || 0));
  const largest = Math.max(0, ...values);
  const slot = 100 / months.length;
  const width = (slot * 0.8) / series.length;
  return months.flatMap((month, index) =>
    series.map((name, position) => {
      const value = Number(month[name]) || 0;
      return {
        month: month.month,
        series: String(name),
        value,
        x: index * slot + slot * 0.1 + position * width,
        width,
        height: largest > 0 ? (Math.max(0, value) / largest) * 100 : 0,
      };
    }),
  );
}

/** A line through one value per month, at each slot's middle; `x,y` pairs for an SVG polyline. */
export function linePoints(
  months: readonly EnterpriseTrendMonth[],
  series: keyof EnterpriseTrendMonth,
): string {
  if (months.length === 0) return '';
  const values = months.map((month) => Number(month[series]) || 0);
  const largest = Math.max(0, ...values);
  const slot = 100 / months.length;
  return values
    .map((value, index) => {
      const y = largest > 0 ? 100 - (Math.max(0, value) / largest) * 100 : 100;
      return `${(index * slot + slot / 2).toFixed(2)},${y.toFixed(2)}`;
    })
    .join(' ');
}
