import { Link, Outlet } from "react-router";
import { SCHOOL_NAME } from "#app/domain/school.ts";

/** Header and footer of the public site. */
export default function PublicLayout() {
  return (
    <>
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
          <Link to="/" className="text-lg font-bold text-brand-800">
            {SCHOOL_NAME}
          </Link>
          <nav aria-label="Main">
            <Link to="/portal" className="font-semibold text-brand-700">
              Sign In
            </Link>
          </nav>
        </div>
      </header>
      <Outlet />
      <footer className="mt-16 border-t border-gray-200 bg-white py-8 text-center text-sm text-gray-700">
        © {new Date().getFullYear()} {SCHOOL_NAME}
      </footer>
    </>
  );
}
