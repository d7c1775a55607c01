// Storybook stories for AgentIcon: every built-in agent's icon with its name, and the sizes the apps use.
import { BUILT_IN_AGENTS } from "@acp/contracts/agents";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { AgentIcon } from "./agent-icon";

const meta = {
  title: "Components/AgentIcon",
  component: AgentIcon,
  args: { agentId: "technical", className: "size-6" },
  argTypes: { agentId: { control: "select", options: BUILT_IN_AGENTS.map((agent) => agent.id) } },
} satisfies Meta<typeof AgentIcon>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const AllAgents: Story = {
  render: () => (
    <ul className="flex flex-col gap-3 text-sm">
      {BUILT_IN_AGENTS.map((agent) => (
        <li key={agent.id} className="flex items-center gap-3">
          <span className="flex size-9 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <AgentIcon agentId={agent.id} className="size-4" />
          </span>
          {agent.name}
        </li>
      ))}
    </ul>
  ),
};
