// Storybook stories for Card: a dashboard tile and a form card.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Badge } from "./badge";
import { Button } from "./button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "./card";
import { Input } from "./input";
import { Label } from "./label";

const meta = {
  title: "Components/Card",
  component: Card,
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Metric: Story = {
  render: () => (
    <Card className="w-80">
      <CardHeader>
        <CardDescription>Conversations this week</CardDescription>
        <CardTitle className="text-3xl tabular-nums">12,480</CardTitle>
      </CardHeader>
      <CardContent>
        <Badge variant="success">+18.2% vs last week</Badge>
      </CardContent>
    </Card>
  ),
};

export const WithForm: Story = {
  render: () => (
    <Card className="w-96">
      <CardHeader>
        <CardTitle>Create agent</CardTitle>
        <CardDescription>Give your agent a name; you can train it on documents next.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="grid gap-2">
          <Label htmlFor="agent-name">Name</Label>
          <Input id="agent-name" placeholder="Support assistant" />
        </div>
      </CardContent>
      <CardFooter className="justify-end gap-2">
        <Button variant="ghost">Cancel</Button>
        <Button>Create</Button>
      </CardFooter>
    </Card>
  ),
};
