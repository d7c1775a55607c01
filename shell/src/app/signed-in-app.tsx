// The signed-in app: router, tooltip delays and every page of spec section 2 rendered from its remote inside the
// sidebar layout. Loaded only once the user is known to be signed in.
import { TOOLTIP } from "@acp/contracts/constants";
import { RemoteComponent, RemoteSkeleton } from "@acp/federation/remote-component";
import { BrowserRouter, Route, Routes } from "@acp/router";
import { TooltipProvider } from "@acp/ui/components/tooltip";
import { env } from "../env";
import { AppLayout } from "../features/navigation/components/app-layout";
import { NotFoundPage } from "../features/not-found/components/not-found-page";
import { pageHeadFor } from "../lib/page-head";
import { REMOTE_ROUTES } from "../lib/route-table";

export function SignedInApp() {
  return (
    <TooltipProvider delayDuration={TOOLTIP.delayMs} skipDelayDuration={TOOLTIP.skipDelayMs}>
      <BrowserRouter>
        <Routes>
          <Route element={<AppLayout />}>
            {REMOTE_ROUTES.map((route) => (
              <Route
                key={route.path}
                path={route.path}
                element={route.use((target) => (
                  <RemoteComponent
                    target={target}
                    timeoutMs={env.remoteTimeoutMs}
                    fallback={<RemoteSkeleton head={pageHeadFor(route.path)} />}
                  />
                ))}
              />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </TooltipProvider>
  );
}
