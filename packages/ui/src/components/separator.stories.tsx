// Storybook stories for Separator: horizontal and vertical.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Separator } from "./separator";

const meta = {
  title: "Components/Separator",
  component: Separator,
} satisfies Meta<typeof Separator>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: () => (
    <div className="w-72 text-sm">
      <p className="font-medium">Agent Control Panel</p>
      <p className="text-muted-foreground">Executive Edition</p>
      <Separator className="my-4" />
      <div className="flex h-5 items-center gap-4">
        <span>Agents</span>
        <Separator orientation="vertical" />
        <span>Knowledge</span>
        <Separator orientation="vertical" />
        <span>API</span>
      </div>
    </div>
  ),
};
