import type { Tally } from "#app/domain/per-ward.ts";

export type PerformanceLabel = "Excellent" | "Good" | "Average" | "Needs Improvement";

/** docs/product.md#validation: 80 and up Excellent; 70 and up Good; 60 and up Average; below 60 Needs Improvement. */
export function performanceLabel(score: number): PerformanceLabel {
  if (score >= 80) return "Excellent";
  if (score >= 70) return "Good";
  if (score >= 60) return "Average";
  return "Needs Improvement";
}

export const PERFORMANCE_LABELS: readonly PerformanceLabel[] = ["Excellent", "Good", "Average", "Needs Improvement"];

/** A student's performance: the average percentage of their marked work (docs/decisions/0108-work-handed-in-and-marked.md). */
export type Performance = { marked: number; percent: number | null };

export const NO_MARKS: Performance = { marked: 0, percent: null };

/** The average of these percentages, rounded, over however many there are (none: no figure). */
export function performanceOf(percents: readonly number[]): Performance {
  return performanceFigure({ count: percents.length, sum: percents.reduce((a, b) => a + b, 0) });
}

/**
 * The same from marks' tally: how many, and their percentages summed. The percentages have one decimal (`percentOf`),
 * so the sum is taken in tenths: however the sum was added up (per subject, by the database), 58.5 stays 58.5.
 */
export function performanceFigure({ count, sum }: Tally): Performance {
  return count
    ? { marked: count, percent: Math.round(Math.round(sum * 10) / (count * 10)) }
    : { marked: 0, percent: null };
}

/** "78% (Good)", or "No marks yet". */
export function performanceText(p: Performance): string {
  return p.percent === null ? "No marks yet" : `${p.percent}% (${performanceLabel(p.percent)})`;
}

/** A mark as a percentage of the maximum, to one decimal place. */
export const percentOf = (score: number, maxScore: number) => Math.round((score / maxScore) * 1000) / 10;

/** "8 of 10 (80%)". */
export function markText(score: number, maxScore: number): string {
  return `${formatScore(score)} of ${formatScore(maxScore)} (${Math.round(percentOf(score, maxScore))}%)`;
}

/** Scores have at most one decimal place: 7.5, 8. */
export const formatScore = (score: number) => String(Math.round(score * 10) / 10);

/** The share of students in each band, in the spec's order, of these performances (those with no marks left out). */
export function performanceBands(
  percents: readonly number[],
): Array<{ label: PerformanceLabel; students: number; percent: number }> {
  const counts = new Map<PerformanceLabel, number>(PERFORMANCE_LABELS.map((l) => [l, 0]));
  for (const p of percents) counts.set(performanceLabel(p), (counts.get(performanceLabel(p)) ?? 0) + 1);
  return PERFORMANCE_LABELS.map((label) => {
    const students = counts.get(label) ?? 0;
    return { label, students, percent: percents.length ? Math.round((students / percents.length) * 100) : 0 };
  });
}
