// The signed-in frame: sidebar (collapsed state restored from its cookie), top bar with the trigger, page outlet.
import { useAuth } from "@acp/client/auth";
import { Separator } from "@acp/ui/components/separator";
import { SidebarInset, SidebarProvider, SidebarTrigger } from "@acp/ui/components/sidebar";
import { readSidebarCookie } from "@acp/ui/lib/sidebar-state";
import { useState } from "react";
import { Outlet, useLocation } from "react-router";
import { findRemoteRoute } from "../../../lib/route-table";
import { AppSidebar } from "./app-sidebar";

export function AppLayout() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  // Read once at start: the provider owns the state afterwards and writes the cookie on every toggle.
  const [defaultOpen] = useState(() => readSidebarCookie(true));
  const label = findRemoteRoute(pathname)?.label;

  return (
    <SidebarProvider defaultOpen={defaultOpen}>
      <AppSidebar user={user} />
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/85 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/70">
          <SidebarTrigger className="-ml-1" />
          <Separator orientation="vertical" className="mr-2 h-4!" />
          {label ? <p className="truncate font-medium text-muted-foreground text-sm">{label}</p> : null}
        </header>
        <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col p-4 md:p-8">
          <Outlet />
        </div>
      </SidebarInset>
    </SidebarProvider>
  );
}
