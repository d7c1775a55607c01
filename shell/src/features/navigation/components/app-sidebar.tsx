// The sidebar of spec section 2: title, Dashboard, the "AI Agents" and "Management" groups, and the user footer.
import { builtInAgentsQueryOptions } from "@acp/client/agents";
import { LOGOUT_URL } from "@acp/client/auth-urls";
import type { User } from "@acp/contracts/entities";
import { preloadRemote } from "@acp/federation/loader";
import { Link, useLocation } from "@acp/router";
import { Avatar, AvatarFallback, AvatarImage, getInitials } from "@acp/ui/components/avatar";
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuBadge,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  useSidebar,
} from "@acp/ui/components/sidebar";
import { useQuery } from "@tanstack/react-query";
import { Bot, LogOut } from "lucide-react";
import { findRemoteRoute } from "../../../lib/route-table";
import {
  DASHBOARD_ITEM,
  displayName,
  isCurrentPath,
  NAV_GROUPS,
  type NavItem,
  navBadge,
  SIDEBAR_TITLE,
} from "../nav-items";

/** Starts fetching a page's remote when the pointer or focus reaches its link, so the click rarely waits. */
function warmRemote(to: string): void {
  findRemoteRoute(to)?.use((target) => preloadRemote(target.remote, target.module));
}

function NavLinkItem({
  item,
  pathname,
  badge,
}: {
  item: NavItem;
  pathname: string;
  badge?: string | undefined;
}) {
  const { isMobile, setOpenMobile } = useSidebar();
  const Icon = item.icon;
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild isActive={isCurrentPath(item, pathname)} tooltip={item.label}>
        <Link
          to={item.to}
          onMouseEnter={() => warmRemote(item.to)}
          onFocus={() => warmRemote(item.to)}
          onClick={() => {
            if (isMobile) setOpenMobile(false);
          }}
        >
          <Icon aria-hidden="true" />
          <span className="truncate">{item.label}</span>
        </Link>
      </SidebarMenuButton>
      {badge ? <SidebarMenuBadge>{badge}</SidebarMenuBadge> : null}
    </SidebarMenuItem>
  );
}

export function AppSidebar({ user }: { user: User | null }) {
  const { pathname } = useLocation();
  const { state, isMobile } = useSidebar();
  const name = displayName(user);
  // The same query the agent screens read and refetch after a switch: the badges follow without a reload.
  const agentStates = useQuery(builtInAgentsQueryOptions()).data;
  // Collapsed to icons, the name beside the avatar is hidden: the avatar itself then carries it.
  const avatarOnly = state === "collapsed" && !isMobile;
  return (
    <Sidebar collapsible="icon" aria-label="Main" mobileTitle={SIDEBAR_TITLE}>
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild size="lg" tooltip={SIDEBAR_TITLE}>
              <Link to="/">
                <span className="flex aspect-square size-8 items-center justify-center rounded-lg bg-sidebar-primary text-sidebar-primary-foreground">
                  <Bot aria-hidden="true" className="size-5" />
                </span>
                <span className="flex flex-col gap-0.5 leading-none">
                  <span className="font-semibold">{SIDEBAR_TITLE}</span>
                  <span className="text-sidebar-foreground/70 text-xs">Executive Edition</span>
                </span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>

      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupContent>
            <SidebarMenu>
              <NavLinkItem item={DASHBOARD_ITEM} pathname={pathname} />
            </SidebarMenu>
          </SidebarGroupContent>
        </SidebarGroup>
        {NAV_GROUPS.map((group) => (
          <SidebarGroup key={group.label}>
            <SidebarGroupLabel>{group.label}</SidebarGroupLabel>
            <SidebarGroupContent>
              <SidebarMenu>
                {group.items.map((item) => (
                  <NavLinkItem
                    key={item.to}
                    item={item}
                    pathname={pathname}
                    badge={navBadge(item, agentStates)}
                  />
                ))}
              </SidebarMenu>
            </SidebarGroupContent>
          </SidebarGroup>
        ))}
      </SidebarContent>

      <SidebarFooter>
        <SidebarMenu>
          <SidebarMenuItem>
            <div className="flex items-center gap-2 rounded-md p-2 group-data-[collapsible=icon]:p-0">
              <Avatar
                className="size-8 rounded-lg"
                role={avatarOnly ? "img" : undefined}
                aria-label={avatarOnly ? name : undefined}
                title={avatarOnly ? name : undefined}
              >
                {user?.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt="" /> : null}
                <AvatarFallback
                  aria-hidden="true"
                  className="rounded-lg bg-sidebar-accent text-sidebar-accent-foreground"
                >
                  {getInitials(name)}
                </AvatarFallback>
              </Avatar>
              <span className="grid min-w-0 flex-1 text-left text-sm leading-tight group-data-[collapsible=icon]:hidden">
                <span className="truncate font-medium">{name}</span>
                <span className="truncate text-sidebar-foreground/70 text-xs">Executive Access</span>
              </span>
            </div>
          </SidebarMenuItem>
          <SidebarMenuItem>
            <SidebarMenuButton
              tooltip="Sign Out"
              onClick={() => {
                window.location.assign(LOGOUT_URL);
              }}
            >
              <LogOut aria-hidden="true" />
              <span>Sign Out</span>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarFooter>
      <SidebarRail />
    </Sidebar>
  );
}
