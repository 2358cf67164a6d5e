/** A page-level error (a failed action's message), announced to screen readers; nothing when there is none. */
export function ErrorAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
      {message}
    </p>
  );
}
