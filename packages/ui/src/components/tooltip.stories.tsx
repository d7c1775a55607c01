// Storybook stories for Tooltip: default delays and an instant variant.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { InfoIcon } from "lucide-react";
import { Button } from "./button";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "./tooltip";

const meta = {
  title: "Components/Tooltip",
  component: Tooltip,
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: () => (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="outline" size="icon" aria-label="About token limits">
          <InfoIcon aria-hidden="true" />
        </Button>
      </TooltipTrigger>
      <TooltipContent>Each agent may use up to 200k tokens per day.</TooltipContent>
    </Tooltip>
  ),
};

export const Instant: Story = {
  render: () => (
    <TooltipProvider delayDuration={0}>
      <div className="flex gap-2">
        {["Top", "Right", "Bottom", "Left"].map((side) => (
          <Tooltip key={side}>
            <TooltipTrigger asChild>
              <Button variant="secondary">{side}</Button>
            </TooltipTrigger>
            <TooltipContent side={side.toLowerCase() as "top" | "right" | "bottom" | "left"}>
              Opens on the {side.toLowerCase()}
            </TooltipContent>
          </Tooltip>
        ))}
      </div>
    </TooltipProvider>
  ),
};
