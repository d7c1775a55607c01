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
