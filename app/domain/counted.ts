/** "1 lesson", "2 lessons", "0 lessons": a count with its noun, singular only for one. */
export function counted(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : nouns}`;
}
