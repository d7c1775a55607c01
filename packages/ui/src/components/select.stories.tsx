// Storybook stories for Select: a model picker with groups.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Label } from "./label";
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from "./select";

const meta = {
  title: "Components/Select",
  component: Select,
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: () => (
    <div className="grid gap-2">
      <Label htmlFor="model">Model</Label>
      <Select defaultValue="balanced">
        <SelectTrigger id="model" className="w-60">
          <SelectValue placeholder="Choose a model" />
        </SelectTrigger>
        <SelectContent>
          <SelectGroup>
            <SelectLabel>Hosted</SelectLabel>
            <SelectItem value="fast">Fast</SelectItem>
            <SelectItem value="balanced">Balanced</SelectItem>
            <SelectItem value="accurate">Most accurate</SelectItem>
          </SelectGroup>
          <SelectSeparator />
          <SelectGroup>
            <SelectLabel>Self-hosted</SelectLabel>
            <SelectItem value="onprem">On-premises</SelectItem>
            <SelectItem value="legacy" disabled>
              Legacy (retired)
            </SelectItem>
          </SelectGroup>
        </SelectContent>
      </Select>
    </div>
  ),
};

export const Small: Story = {
  render: () => (
    <Select>
      <SelectTrigger size="sm" className="w-40" aria-label="Environment">
        <SelectValue placeholder="Environment" />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value="dev">Development</SelectItem>
        <SelectItem value="staging">Staging</SelectItem>
        <SelectItem value="prod">Production</SelectItem>
      </SelectContent>
    </Select>
  ),
};
