/**
 * Admin Overview counters (docs/product.md#sample-figures): "change against last month" compares
 * the total now with the total at the end of last month (records created
 * before the first day of this month that still exist).
 */
export function percentChange(now: number, atEndOfLastMonth: number): number {
  if (atEndOfLastMonth <= 0) return now > 0 ? 100 : 0;
  return Math.round(((now - atEndOfLastMonth) / atEndOfLastMonth) * 100);
}

/**
 * '+12% from last month', '-3% from last month', '+0% from last month' — only
 * where there was data at the end of last month. Without it a percentage would
 * be made up ("+100%" on a database created today), so it says what is new
 * this month instead: '4 new this month'.
 */
export function changeLabel(now: number, atEndOfLastMonth: number): string {
  if (atEndOfLastMonth <= 0) return `${Math.max(0, now).toLocaleString("en-GB")} new this month`;
  const pct = percentChange(now, atEndOfLastMonth);
  return `${pct >= 0 ? "+" : ""}${pct}% from last month`;
}
