// Storybook stories for FeatureList: stacked (the landing page's agent cards) and inline (the agent center).
import type { Meta, StoryObj } from "@storybook/react-vite";
import { FeatureList } from "./feature-list";

const meta = {
  title: "Components/FeatureList",
  component: FeatureList,
  args: {
    features: ["Architecture review", "Scalability analysis", "Database design", "Security assessment"],
  },
  argTypes: { layout: { control: "inline-radio", options: ["stacked", "inline"] } },
} satisfies Meta<typeof FeatureList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Stacked: Story = { args: { layout: "stacked" } };

export const Inline: Story = {
  args: { layout: "inline" },
  render: (args) => (
    <div className="w-96">
      <FeatureList {...args} />
    </div>
  ),
};
