// Storybook stories for Progress: a labelled training run, and the indeterminate state.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useEffect, useState } from "react";
import { Progress } from "./progress";

const meta = {
  title: "Components/Progress",
  component: Progress,
  args: { value: 42, "aria-label": "Training progress" },
  argTypes: { value: { control: { type: "range", min: 0, max: 100, step: 1 } } },
  decorators: [
    (Story) => (
      <div className="w-80">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Progress>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Indeterminate: Story = { args: { value: null } };

function AnimatedTraining() {
  const [value, setValue] = useState(8);
  useEffect(() => {
    const timer = setInterval(() => setValue((v) => (v >= 100 ? 0 : v + 4)), 400);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="grid gap-2">
      <div className="flex justify-between text-sm">
        <span id="training-label">Training on 38 documents</span>
        <span className="text-muted-foreground tabular-nums">{value}%</span>
      </div>
      <Progress value={value} aria-labelledby="training-label" />
    </div>
  );
}

export const Animated: Story = { render: () => <AnimatedTraining /> };
