// Storybook stories for the app shell sidebar: expanded, collapsed to icons, and the mobile sheet.
import type { Meta, StoryObj } from "@storybook/react-vite";
import {
  BookOpenIcon,
  BotIcon,
  CpuIcon,
  CreditCardIcon,
  GaugeIcon,
  GraduationCapIcon,
  KeyRoundIcon,
  SettingsIcon,
  SparklesIcon,
} from "lucide-react";
import { useState } from "react";
import { Avatar, AvatarFallback } from "./avatar";
import { Badge } from "./badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./card";
import { Separator } from "./separator";
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuBadge,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarRail,
  SidebarTrigger,
} from "./sidebar";

const workspace = [
  { id: "dashboard", label: "Dashboard", icon: GaugeIcon },
  { id: "agents", label: "Agents", icon: BotIcon, badge: "12" },
  // A long name next to a word badge: cut short in a 16rem sidebar, shown in full in a tooltip on hover or focus.
  { id: "architecture", label: "Technical Architecture", icon: CpuIcon, badge: "Ready" },
  { id: "knowledge", label: "Knowledge", icon: BookOpenIcon },
  { id: "training", label: "Training", icon: GraduationCapIcon, badge: "2" },
  { id: "api", label: "API", icon: KeyRoundIcon },
];

const administration = [
  { id: "settings", label: "Settings", icon: SettingsIcon },
  { id: "billing", label: "Billing", icon: CreditCardIcon },
];

type Item = (typeof workspace)[number] | (typeof administration)[number];

function AppShell({ defaultOpen = true }: { defaultOpen?: boolean }) {
  const [active, setActive] = useState("dashboard");
  const current = [...workspace, ...administration].find((item) => item.id === active);

  const renderItem = (item: Item) => (
    <SidebarMenuItem key={item.id}>
      <SidebarMenuButton
        isActive={item.id === active}
        tooltip={item.label}
        onClick={() => setActive(item.id)}
      >
        <item.icon aria-hidden="true" />
        <span>{item.label}</span>
      </SidebarMenuButton>
      {"badge" in item ? <SidebarMenuBadge>{item.badge}</SidebarMenuBadge> : null}
    </SidebarMenuItem>
  );

  return (
    <SidebarProvider defaultOpen={defaultOpen}>
      <Sidebar collapsible="icon">
        <SidebarHeader>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton size="lg" tooltip="Agent Control Panel">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-sidebar-primary text-sidebar-primary-foreground">
                  <SparklesIcon className="size-4" aria-hidden="true" />
                </span>
                <span className="grid leading-tight">
                  <span className="truncate font-semibold">Agent Control Panel</span>
                  <span className="truncate text-sidebar-foreground/60 text-xs">Executive Edition</span>
                </span>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarHeader>
        <SidebarContent>
          <SidebarGroup>
            <SidebarGroupLabel>Workspace</SidebarGroupLabel>
            <SidebarGroupContent>
              <SidebarMenu>{workspace.map(renderItem)}</SidebarMenu>
            </SidebarGroupContent>
          </SidebarGroup>
          <SidebarGroup>
            <SidebarGroupLabel>Administration</SidebarGroupLabel>
            <SidebarGroupContent>
              <SidebarMenu>{administration.map(renderItem)}</SidebarMenu>
            </SidebarGroupContent>
          </SidebarGroup>
        </SidebarContent>
        <SidebarFooter>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton size="lg" tooltip="Ada Lovelace · Premium">
                <Avatar className="size-8 rounded-lg">
                  <AvatarFallback
                    name="Ada Lovelace"
                    className="rounded-lg bg-sidebar-accent text-sidebar-foreground"
                  />
                </Avatar>
                <span className="grid leading-tight">
                  <span className="truncate font-medium">Ada Lovelace</span>
                  <span className="truncate text-sidebar-foreground/60 text-xs">Premium plan</span>
                </span>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarFooter>
        <SidebarRail />
      </Sidebar>
      <SidebarInset>
        <header className="flex h-14 shrink-0 items-center gap-2 border-b px-4">
          <SidebarTrigger className="-ml-1" />
          <Separator orientation="vertical" className="mr-2 h-4!" />
          <h1 className="font-semibold text-base">{current?.label}</h1>
          <Badge variant="outline" className="ml-auto">
            Ctrl/⌘ + B toggles the sidebar
          </Badge>
        </header>
        <div className="grid gap-4 p-6 md:grid-cols-3">
          {["Active agents", "Conversations today", "Avg. satisfaction"].map((title, index) => (
            <Card key={title}>
              <CardHeader>
                <CardDescription>{title}</CardDescription>
                <CardTitle className="text-2xl tabular-nums">{["12", "4,218", "94%"][index]}</CardTitle>
              </CardHeader>
              <CardContent className="text-muted-foreground text-sm">Updated a minute ago</CardContent>
            </Card>
          ))}
        </div>
      </SidebarInset>
    </SidebarProvider>
  );
}

const meta = {
  title: "Components/Sidebar",
  component: AppShell,
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Expanded: Story = {};

export const CollapsedToIcons: Story = { args: { defaultOpen: false } };

/** Below 768 px the sidebar is a sheet; the play function opens it the way a user would. */
export const Mobile: Story = {
  globals: { viewport: { value: "mobile1", isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole("button", { name: "Toggle Sidebar" }));
  },
};
