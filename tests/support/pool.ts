/** Runs the tasks `width` at a time; the results in the tasks' order. */
export async function pool<T>(tasks: Array<() => Promise<T>>, width: number) {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]();
      }
    }),
  );
  return results;
}
