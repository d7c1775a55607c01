// Storybook stories for StatList: values, unknown values and the loading state.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { StatList } from "./stat-list";

const meta = {
  title: "Components/StatList",
  component: StatList,
  args: {
    stats: [
      { label: "Total Documents", value: "12" },
      { label: "Vector Embeddings", value: "1,024" },
      { label: "Storage Used", value: undefined },
    ],
  },
  render: (args) => (
    <div className="w-72">
      <StatList {...args} />
    </div>
  ),
} satisfies Meta<typeof StatList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Loading: Story = { args: { loading: true } };
