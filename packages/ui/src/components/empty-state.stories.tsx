// Storybook stories for EmptyState: an empty list, and one with an action.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { FolderOpen, Upload } from "lucide-react";
import { Button } from "./button";
import { EmptyState } from "./empty-state";

const meta = {
  title: "Components/EmptyState",
  component: EmptyState,
  args: {
    icon: <FolderOpen aria-hidden="true" />,
    title: "No documents yet",
    description: "Documents you upload appear here while they are processed.",
  },
  render: (args) => (
    <div className="w-[32rem]">
      <EmptyState {...args} />
    </div>
  ),
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithAction: Story = {
  args: {
    icon: <Upload aria-hidden="true" />,
    title: "Training data comes from the knowledge base",
    description: "Documents uploaded in the Knowledge Base train the agent they belong to.",
    children: (
      <Button variant="outline" size="sm">
        Upload documents
      </Button>
    ),
  },
};
