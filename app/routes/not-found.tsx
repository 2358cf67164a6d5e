import { data, Link } from "react-router";

export function loader() {
  throw data("Not found", { status: 404 });
}

export function action() {
  throw data("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}

export function NotFoundPage() {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold text-gray-900">Page not found</h1>
      <p className="mt-4 text-gray-700">Sorry, we couldn't find the page you're looking for.</p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Go to the home page
        </Link>
        <Link to="/registration" className="rounded-md border border-gray-300 px-4 py-2 font-semibold text-gray-900 hover:bg-gray-50">
          Enrol a ward
        </Link>
      </div>
    </main>
  );
}
