import type { ReactNode } from "react";

/**
 * One row of a plain list (users, uploaded timetables, a ward's evaluation forms): its title and details on the left,
 * what can be done with it (`children`) on the right, wrapping below on a narrow phone.
 */
export function ItemRow({
  title,
  details,
  className = "px-4 py-3",
  children,
}: {
  title: ReactNode;
  details: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <li className={`flex flex-wrap items-center justify-between gap-3 ${className}`}>
      <div className="min-w-0 [overflow-wrap:anywhere]">
        <p className="font-medium text-gray-900">{title}</p>
        {details}
      </div>
      {children}
    </li>
  );
}
