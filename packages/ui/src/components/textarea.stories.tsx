// Storybook stories for Textarea: a system prompt field.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Label } from "./label";
import { Textarea } from "./textarea";

const meta = {
  title: "Components/Textarea",
  component: Textarea,
  args: { placeholder: "You are a helpful support agent…", "aria-label": "System prompt" },
} satisfies Meta<typeof Textarea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithLabel: Story = {
  render: () => (
    <div className="grid w-96 gap-2">
      <Label htmlFor="prompt">System prompt</Label>
      <Textarea id="prompt" placeholder="Describe how the agent should behave." />
    </div>
  ),
};

export const Disabled: Story = { args: { disabled: true } };
