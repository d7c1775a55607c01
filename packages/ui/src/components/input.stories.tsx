// Storybook stories for Input: labelled, invalid, disabled and file inputs.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Input } from "./input";
import { Label } from "./label";

const meta = {
  title: "Components/Input",
  component: Input,
  args: { placeholder: "Support assistant", "aria-label": "Agent name" },
} satisfies Meta<typeof Input>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithLabel: Story = {
  render: () => (
    <div className="grid w-72 gap-2">
      <Label htmlFor="email">Work email</Label>
      <Input id="email" type="email" placeholder="you@company.com" />
    </div>
  ),
};

export const Invalid: Story = {
  render: () => (
    <div className="grid w-72 gap-2">
      <Label htmlFor="endpoint">Webhook URL</Label>
      <Input id="endpoint" aria-invalid="true" aria-describedby="endpoint-error" defaultValue="htp:/bad" />
      <p id="endpoint-error" className="text-destructive text-sm">
        Enter a valid https:// URL.
      </p>
    </div>
  ),
};

export const Disabled: Story = { args: { disabled: true, defaultValue: "Read only" } };

export const File: Story = { args: { type: "file", "aria-label": "Upload documents" } };
