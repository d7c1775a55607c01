// Storybook stories for ExpandableText: a long file name and a long failure reason in a narrow column.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { ExpandableText } from "./expandable-text";

const meta = {
  title: "Components/ExpandableText",
  component: ExpandableText,
  args: { children: "quarterly-board-presentation-with-appendices-and-financial-statements-2026.pdf" },
  render: (args) => (
    <div className="w-48 text-sm">
      <ExpandableText {...args} />
    </div>
  ),
} satisfies Meta<typeof ExpandableText>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FileName: Story = {};

export const FailureReason: Story = {
  args: {
    lines: 3,
    children:
      "The PDF is encrypted: it needs a password to be opened, so no text could be read from it. Remove the password and upload it again.",
  },
};
