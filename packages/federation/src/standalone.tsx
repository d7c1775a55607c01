// Standalone harness for a remote's own `vite dev`: the providers the shell would give it (QueryClient, router,
// tooltips, Toaster) so a feature team can work on its pages without the shell.
import { createQueryClient } from "@acp/client/query-client";
import { createUnauthorizedHandler } from "@acp/client/unauthorized";
import { TOOLTIP } from "@acp/contracts/constants";
import { UNAUTHORIZED } from "@acp/contracts/messages";
import { isRemoteName } from "@acp/contracts/remotes";
import { BrowserRouter, Link, Route, Routes } from "@acp/router";
import { Toaster } from "@acp/ui/components/toaster";
import { TooltipProvider } from "@acp/ui/components/tooltip";
import { toast } from "@acp/ui/hooks/use-toast";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./standalone.css";
import { env } from "./env";

export type StandaloneRoute = { path: string; label: string; element: React.ReactNode };

export function renderStandalone({ routes }: { routes: StandaloneRoute[] }): void {
  const remote = env.remoteName;
  if (!remote || !isRemoteName(remote))
    throw new Error("renderStandalone runs only in a remote's vite dev server");
  const container = document.getElementById("root");
  if (!container) throw new Error("index.html has no #root element");
  // The shell's 401 behaviour, so a signed-out harness signs in through the API's dev proxy and comes back.
  const onUnauthorized = createUnauthorizedHandler({
    notify: () =>
      toast({ title: UNAUTHORIZED.title, description: UNAUTHORIZED.description, variant: "destructive" }),
  });
  const queryClient = createQueryClient({ onUnauthorized });
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider delayDuration={TOOLTIP.delayMs} skipDelayDuration={TOOLTIP.skipDelayMs}>
          <BrowserRouter>
            <div className="min-h-svh bg-background">
              <nav
                aria-label="Standalone pages"
                className="flex flex-wrap items-center gap-4 border-b bg-sidebar px-6 py-3 text-sidebar-foreground text-sm"
              >
                <span className="font-semibold">{remote} (standalone)</span>
                {routes.map((route) => (
                  <Link key={route.path} to={route.path} className="underline-offset-4 hover:underline">
                    {route.label}
                  </Link>
                ))}
              </nav>
              <main data-remote={remote} className="mx-auto max-w-7xl p-4 md:p-8">
                <Routes>
                  {routes.map((route) => (
                    <Route key={route.path} path={route.path} element={route.element} />
                  ))}
                </Routes>
              </main>
            </div>
          </BrowserRouter>
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
