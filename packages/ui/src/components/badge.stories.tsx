// Storybook stories for Badge: all variants.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Badge } from "./badge";

const meta = {
  title: "Components/Badge",
  component: Badge,
  args: { children: "Deployed" },
  argTypes: {
    variant: { control: "select", options: ["default", "secondary", "destructive", "outline", "success"] },
  },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Variants: Story = {
  render: () => (
    <div className="flex flex-wrap gap-2">
      <Badge>Default</Badge>
      <Badge variant="secondary">Draft</Badge>
      <Badge variant="destructive">Failed</Badge>
      <Badge variant="outline">v2.4.1</Badge>
      <Badge variant="success">Healthy</Badge>
    </div>
  ),
};
