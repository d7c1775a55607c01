// Storybook stories for PageHeader: title and subtitle, with an icon and a badge, and with a user card.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Cpu } from "lucide-react";
import { Avatar, AvatarFallback } from "./avatar";
import { Badge } from "./badge";
import { PageHeader } from "./page-header";
import { Progress } from "./progress";

const meta = {
  title: "Components/PageHeader",
  component: PageHeader,
  parameters: { layout: "padded" },
  args: {
    title: "Knowledge Base Management",
    description: "Upload and manage documents to enhance AI agent responses with your business knowledge",
  },
} satisfies Meta<typeof PageHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithIconAndBadge: Story = {
  args: {
    title: "Technical Architecture",
    description: "Design and optimize technical infrastructure",
    icon: <Cpu aria-hidden="true" />,
    actions: <Badge variant="secondary">Ready to Deploy</Badge>,
    children: (
      <div className="flex flex-col gap-2">
        <p className="font-medium text-sm">Step 1 of 4: Upload Technical Docs</p>
        <Progress value={25} aria-label="Step 1 of 4: Upload Technical Docs" />
      </div>
    ),
  },
};

export const WithUserCard: Story = {
  args: {
    title: "Executive AI Command Center",
    description: "Complete suite with no restrictions",
    actions: (
      <div className="flex items-center gap-3 rounded-xl border bg-card px-4 py-3 shadow-sm">
        <Avatar className="size-10">
          <AvatarFallback aria-hidden="true">AL</AvatarFallback>
        </Avatar>
        <p className="font-medium text-sm">Ada Lovelace</p>
      </div>
    ),
  },
};
