import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { SignOutButton } from "#app/components/sign-out-button.tsx";
import { SCHOOL_NAME } from "#app/domain/school.ts";
import { PUBLIC_NAV, navHref } from "#app/components/public/nav-links.ts";

type HeaderUser = { fullName: string } | null;

const linkClass = "rounded-md px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-100 hover:text-brand-800";

function NavList({ pathname, className }: { pathname: string; className: string }) {
  return (
    <ul className={className}>
      {PUBLIC_NAV.map((item) => {
        const href = navHref(item, pathname);
        const current =
          (href === "/" && pathname === "/") || (href === "/registration" && pathname === "/registration");
        return (
          <li key={item.label}>
            {/* Plain links: anchors need no script, and land 100 px below the top (scroll-margin). */}
            <a href={href} className={`block ${linkClass}`} aria-current={current ? "page" : undefined}>
              {item.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function Actions({ user, stacked }: { user: HeaderUser; stacked?: boolean }) {
  const wrap = stacked ? "flex flex-col gap-2 px-3 pb-3" : "flex items-center gap-2";
  // Signed in: the way to the dashboard and Sign Out; otherwise Sign In and the call to enrol.
  return (
    <div className={wrap}>
      <Link
        to={user ? "/dashboard" : "/portal"}
        className="rounded-md px-3 py-2 text-center text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        {user ? "Dashboard" : "Sign In"}
      </Link>
      {user ? (
        <SignOutButton
          redirectTo="/"
          buttonClassName="w-full rounded-md border border-gray-300 px-3 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50"
        />
      ) : (
        <Link
          to="/registration"
          className="rounded-md bg-brand-700 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-brand-800"
        >
          Enrol Now
        </Link>
      )}
    </div>
  );
}

/**
 * Public header (docs/product.md#screens). The mobile menu is a native <details> disclosure, so
 * it opens without JavaScript; with JavaScript the header gains a shadow after
 * 10 px of scroll.
 */
export function PublicHeader({ user }: { user: HeaderUser }) {
  const { pathname } = useLocation();
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 10);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  return (
    <header
      className={`sticky top-0 z-40 border-b border-gray-200 bg-white transition-shadow ${scrolled ? "shadow-md" : "shadow-none"}`}
      data-scrolled={scrolled ? "true" : "false"}
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <a href="/" className="flex items-center gap-2 text-lg font-bold text-brand-800">
          <img src="/favicon.svg" alt="" width="32" height="32" className="h-8 w-8" />
          {SCHOOL_NAME}
        </a>
        <nav aria-label="Main" className="hidden lg:block">
          <NavList pathname={pathname} className="flex items-center gap-1" />
        </nav>
        <div className="hidden lg:block">
          <Actions user={user} />
        </div>
        <details className="group relative lg:hidden">
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md border border-gray-300 px-3 py-2 text-sm font-semibold text-gray-900 [&::-webkit-details-marker]:hidden">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
            Menu
          </summary>
          <div className="absolute right-0 mt-2 w-64 rounded-lg border border-gray-200 bg-white py-2 shadow-lg">
            <nav aria-label="Main">
              <NavList pathname={pathname} className="flex flex-col" />
            </nav>
            <div className="mt-2 border-t border-gray-100 pt-2">
              <Actions user={user} stacked />
            </div>
          </div>
        </details>
      </div>
    </header>
  );
}

/** With JavaScript: a button after 300 px of scroll that returns to the top. */
export function BackToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > 300);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() =>
        window.scrollTo({
          top: 0,
          behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
        })
      }
      className="fixed bottom-20 right-4 z-40 rounded-full bg-brand-700 px-4 py-3 text-sm font-semibold text-white shadow-lg hover:bg-brand-800 sm:bottom-6"
    >
      <span aria-hidden="true">↑ </span>Back to top
    </button>
  );
}
