// Storybook stories for CardState: a card's loading, failure, empty and loaded looks.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { FolderOpen } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "./card";
import { CardState } from "./card-state";

const meta = {
  title: "Components/CardState",
  component: CardState,
  args: {
    status: "loading",
    loadingLabel: "Loading documents…",
    errorMessage: "Documents could not be loaded: the server did not answer.",
    empty: {
      icon: <FolderOpen aria-hidden="true" />,
      title: "No documents yet",
      description: "Documents you upload appear here while they are processed.",
    },
    children: () => (
      <ul className="flex flex-col divide-y rounded-lg border text-sm">
        <li className="px-4 py-3">quarterly-report.pdf</li>
        <li className="px-4 py-3">price-list.xlsx</li>
      </ul>
    ),
  },
  render: (args) => (
    <Card className="w-[32rem]">
      <CardHeader>
        <CardTitle asChild>
          <h2>Documents</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <CardState {...args} />
      </CardContent>
    </Card>
  ),
} satisfies Meta<typeof CardState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {};

export const Failed: Story = { args: { status: "error", onRetry: () => undefined } };

export const Empty: Story = { args: { status: "empty" } };

export const CompactEmpty: Story = {
  args: {
    status: "empty",
    empty: { icon: <FolderOpen aria-hidden="true" />, title: "No public agents deployed", compact: true },
  },
};

export const Loaded: Story = { args: { status: "ready" } };
