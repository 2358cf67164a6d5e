import type { Route } from "./+types/overview";
import { requireAdmin } from "#app/utils/auth.server.ts";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return {};
}

export default function AdminOverview() {
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Admin Overview</h1>
    </main>
  );
}
