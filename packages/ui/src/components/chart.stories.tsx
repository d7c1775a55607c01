// Storybook stories for the chart module: grouped bars (roomy and compact) and lines with a reference value.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { BarSeriesChart, ChartFigure, LineSeriesChart } from "./chart";

const meta = {
  title: "Components/Chart",
  component: ChartFigure,
  decorators: [(Story) => <div className="w-[36rem]">{Story()}</div>],
} satisfies Meta<typeof ChartFigure>;

export default meta;
type Story = StoryObj<typeof meta>;

const days = [
  { label: "Nov 19", conversations: 1, messages: 4 },
  { label: "Nov 20", conversations: 2, messages: 6 },
  { label: "Nov 21", conversations: 4, messages: 11 },
];
const daySeries = [
  { key: "conversations", name: "Conversations", color: "var(--color-primary)" },
  { key: "messages", name: "Messages", color: "var(--color-success)" },
];
const dayTable = {
  caption: "Conversations and messages per day",
  columns: ["Day", "Conversations", "Messages"],
  rows: days.map((day) => ({ key: day.label, header: day.label, cells: [day.conversations, day.messages] })),
};

export const Bars: Story = {
  args: {
    height: "h-64",
    caption: "Conversations and messages per day",
    table: dayTable,
    children: <BarSeriesChart data={days} labelKey="label" series={daySeries} />,
  },
};

export const CompactBars: Story = {
  args: {
    height: "h-48",
    caption: "Requests and errors per hour over the last 24 hours",
    captionVisible: true,
    table: dayTable,
    children: <BarSeriesChart data={days} labelKey="label" series={daySeries} density="compact" />,
  },
};

const epochs = [
  { epoch: 1, trainLoss: 0.69, validationAccuracy: 0.52 },
  { epoch: 2, trainLoss: 0.51, validationAccuracy: 0.61 },
  { epoch: 3, trainLoss: 0.42, validationAccuracy: 0.66 },
];

export const Lines: Story = {
  args: {
    height: "h-64",
    caption: "Training loss (left axis) and validation accuracy (right axis) per epoch.",
    captionVisible: true,
    table: {
      caption: "Training metrics per epoch",
      columns: ["Epoch", "Training loss", "Validation accuracy"],
      rows: epochs.map((epoch) => ({
        key: epoch.epoch,
        header: epoch.epoch,
        cells: [epoch.trainLoss, `${Math.round(epoch.validationAccuracy * 100)}%`],
      })),
    },
    children: (
      <LineSeriesChart
        data={epochs}
        xKey="epoch"
        series={[
          { key: "trainLoss", name: "Training loss", color: "var(--color-primary)", axis: "left" },
          {
            key: "validationAccuracy",
            name: "Validation accuracy",
            color: "var(--color-success)",
            axis: "right",
          },
        ]}
        rightAxis={{ domain: [0, 1], tickFormatter: (share) => `${Math.round(share * 100)}%` }}
        reference={{
          axis: "right",
          y: 0.48,
          label: "Untrained baseline",
          color: "var(--color-muted-foreground)",
        }}
        tooltipLabel={(epoch) => `Epoch ${epoch}`}
        tooltipValue={(value) => (typeof value === "number" ? value.toFixed(2) : String(value))}
      />
    ),
  },
};
