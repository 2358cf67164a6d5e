/**
 * Admin Overview counters (decisions §3): "change against last month" compares
 * the total now with the total at the end of last month (records created
 * before the first day of this month that still exist).
 */
export function percentChange(now: number, atEndOfLastMonth: number): number {
  if (atEndOfLastMonth <= 0) return now > 0 ? 100 : 0;
  return Math.round(((now - atEndOfLastMonth) / atEndOfLastMonth) * 100);
}

/** '+12% from last month', '-3% from last month', '+0% from last month'. */
export function changeLabel(now: number, atEndOfLastMonth: number): string {
  const pct = percentChange(now, atEndOfLastMonth);
  return `${pct >= 0 ? "+" : ""}${pct}% from last month`;
}
