// Storybook stories for Tabs: an agent detail view.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

const meta = {
  title: "Components/Tabs",
  component: Tabs,
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: () => (
    <Tabs defaultValue="overview" className="w-[28rem]">
      <TabsList>
        <TabsTrigger value="overview">Overview</TabsTrigger>
        <TabsTrigger value="training">Training</TabsTrigger>
        <TabsTrigger value="settings">Settings</TabsTrigger>
        <TabsTrigger value="billing" disabled>
          Billing
        </TabsTrigger>
      </TabsList>
      <TabsContent value="overview" className="text-sm">
        The agent answered 1,204 questions today with a 94% satisfaction score.
      </TabsContent>
      <TabsContent value="training" className="text-sm">
        Last trained 2 hours ago on 38 documents.
      </TabsContent>
      <TabsContent value="settings" className="text-sm">
        Model, temperature and guardrails.
      </TabsContent>
    </Tabs>
  ),
};

/** On a phone-wide column the row scrolls sideways inside itself; the card below never covers a tab. */
export const Narrow: Story = {
  render: () => (
    <div className="flex w-[340px] flex-col gap-4 border p-4">
      <Tabs defaultValue="overview" className="gap-4">
        <TabsList>
          {["Overview", "AI Agents", "Knowledge", "Training", "Management"].map((label) => (
            <TabsTrigger key={label} value={label.toLowerCase()}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview" className="rounded-lg border p-4 text-sm">
          The next card starts here, below the whole tab row.
        </TabsContent>
      </Tabs>
    </div>
  ),
};
