// Storybook stories for Label paired with a switch and an input.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Input } from "./input";
import { Label } from "./label";
import { Switch } from "./switch";

const meta = {
  title: "Components/Label",
  component: Label,
} satisfies Meta<typeof Label>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithInput: Story = {
  render: () => (
    <div className="grid w-72 gap-2">
      <Label htmlFor="workspace">Workspace</Label>
      <Input id="workspace" defaultValue="Acme Corp" />
    </div>
  ),
};

export const WithSwitch: Story = {
  render: () => (
    <div className="flex items-center gap-2">
      <Switch id="notify" />
      <Label htmlFor="notify">Email me when training finishes</Label>
    </div>
  ),
};
