/**
 * A page of about `?bytes=N` bytes of HTML (default 28,000), with no data access: the framework's own cost of
 * rendering a document of that size. The paragraphs come from the loader so the hydration data is small, as on a
 * real page whose text is in its components.
 */
const SENTENCE = "Parents enrol their wards into a programme and its subjects for the vacation classes. ";

export function loader({ request }: { request: Request }) {
  const bytes = Math.max(1_000, Math.min(500_000, Number(new URL(request.url).searchParams.get("bytes")) || 28_000));
  return { paragraphs: Math.max(1, Math.round((bytes - 3_150) / (SENTENCE.length * 4 + 7))) };
}

export default function Page({ loaderData }: { loaderData: { paragraphs: number } }) {
  return (
    <main>
      <h1>Floor</h1>
      {Array.from({ length: loaderData.paragraphs }, (_, i) => (
        <p key={i}>{SENTENCE.repeat(4)}</p>
      ))}
    </main>
  );
}
