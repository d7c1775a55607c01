// The signed-in frame: skip link, sidebar (collapsed state restored from its cookie), top bar with the trigger,
// the page outlet as the main landmark, the document title and route announcements.

import { NOT_FOUND } from "@acp/contracts/messages";
import { Outlet, useLocation } from "@acp/router";
import { Separator } from "@acp/ui/components/separator";
import { SidebarInset, SidebarProvider, SidebarTrigger } from "@acp/ui/components/sidebar";
import { readSidebarCookie } from "@acp/ui/lib/sidebar-state";
import { useRef, useState } from "react";
import { DocumentTitle } from "../../../components/document-title";
import { MAIN_CONTENT_ID, SkipLink } from "../../../components/skip-link";
import { findRemoteRoute } from "../../../lib/route-table";
import { useAuth } from "../../auth/api/get-current-user";
import { AppSidebar } from "./app-sidebar";
import { RouteAnnouncer } from "./route-announcer";

export function AppLayout() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  // Read once at start: the provider owns the state afterwards and writes the cookie on every toggle.
  const [defaultOpen] = useState(() => readSidebarCookie(true));
  const content = useRef<HTMLDivElement>(null);
  const route = findRemoteRoute(pathname);
  const label = route?.label ?? NOT_FOUND.title;

  return (
    <SidebarProvider defaultOpen={defaultOpen}>
      <DocumentTitle page={label} />
      <SkipLink />
      <AppSidebar user={user} />
      <SidebarInset>
        <div className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/85 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/70">
          <SidebarTrigger className="-ml-1" />
          <Separator orientation="vertical" className="mr-2 h-4!" />
          {route ? <p className="truncate font-medium text-muted-foreground text-sm">{route.label}</p> : null}
        </div>
        <div
          id={MAIN_CONTENT_ID}
          ref={content}
          tabIndex={-1}
          className="mx-auto flex w-full min-w-0 max-w-7xl flex-1 flex-col p-4 outline-none md:p-8"
        >
          <Outlet />
        </div>
        <RouteAnnouncer label={label} pathname={pathname} contentRef={content} />
      </SidebarInset>
    </SidebarProvider>
  );
}
