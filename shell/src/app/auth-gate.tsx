// Spec section 2 auth states: a skeleton while the user loads, the sidebar app when signed in, and otherwise only
// the landing page, the 404 page or the unauthorized flow.

import { lazy, Suspense } from "react";
import { LoadingLayout } from "../components/loading-layout";
import { useAuth } from "../features/auth/api/get-current-user";
import { UnauthorizedRedirect } from "../features/auth/components/unauthorized-redirect";
import { NotFoundPage } from "../features/not-found/components/not-found-page";
import { pageHeadFor } from "../lib/page-head";
import { signedOutView } from "../lib/route-table";

// Visitors never download the router, sidebar or remotes; signed-in users never download the landing page.
const SignedInApp = lazy(() => import("./signed-in-app").then((m) => ({ default: m.SignedInApp })));
const LandingPage = lazy(() =>
  import("../features/landing/components/landing-page").then((m) => ({ default: m.LandingPage })),
);

export function AuthGate({ pathname = window.location.pathname }: { pathname?: string }) {
  const { isLoading, isAuthenticated } = useAuth();

  if (isLoading) return <LoadingLayout head={pageHeadFor(pathname)} />;

  if (isAuthenticated) {
    return (
      <Suspense fallback={<LoadingLayout head={pageHeadFor(pathname)} />}>
        <SignedInApp />
      </Suspense>
    );
  }

  // Signed out there is no client-side navigation (every way on is a full page load to /api/login), so the
  // path the page was loaded with decides.
  switch (signedOutView(pathname)) {
    case "landing":
      return (
        <Suspense fallback={null}>
          <LandingPage />
        </Suspense>
      );
    case "unauthorized":
      return <UnauthorizedRedirect />;
    case "not-found":
      return <NotFoundPage standalone />;
  }
}
