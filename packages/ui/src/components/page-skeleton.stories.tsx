// Storybook story for PageSkeleton: a page loading inside its status region.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { PageSkeleton } from "./page-skeleton";

const meta = {
  title: "Components/PageSkeleton",
  component: PageSkeleton,
  parameters: { layout: "padded" },
} satisfies Meta<typeof PageSkeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: () => (
    <div role="status" aria-busy="true">
      <span className="sr-only">Loading the page…</span>
      <PageSkeleton />
    </div>
  ),
};

/** With the page's own header composed by the server (a remote's page head) in place of the title lines. */
export const WithPageHead: Story = {
  render: () => (
    <div role="status" aria-busy="true">
      <span className="sr-only">Loading the page…</span>
      <PageSkeleton head='<header class="flex flex-col gap-1"><h1 class="font-bold text-3xl tracking-tight">Executive AI Command Center</h1><p class="text-muted-foreground">Complete suite with no restrictions</p></header>' />
    </div>
  ),
};
