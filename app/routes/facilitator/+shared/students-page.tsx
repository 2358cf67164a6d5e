import { DashboardPage } from "#app/components/dashboard/page.tsx";
import { StudentsPanel, type StudentsPanelData } from "#app/components/dashboard/students-panel.tsx";

/**
 * The facilitator's students, at both addresses the spec lists (/dashboard/students, "Student Management", and
 * /facilitator-dashboard/students): one page, its filters and pages linking back to the address it was opened at.
 */
export function StudentsPage({
  view,
  basePath,
  title,
  description,
}: {
  view: StudentsPanelData;
  basePath: string;
  title: string;
  description: string;
}) {
  return (
    <DashboardPage title={title} description={description}>
      <StudentsPanel view={view} basePath={basePath} exportPath="/facilitator-dashboard/students/export" />
    </DashboardPage>
  );
}
