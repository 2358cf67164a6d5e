import { Link } from "react-router";

/** The last line of the pages the Messages page sends to (the end-of-vacation reports, the weekly progress SMS). */
export function BackToMessages() {
  return (
    <p>
      <Link to="/admin/messages" className="font-semibold text-brand-700 underline">
        Back to Messages
      </Link>
    </p>
  );
}
