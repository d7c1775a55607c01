// An agent's wizard page (spec section 2): the wizard feature's four steps, with the knowledge remote's upload
// component for this agent in step 1 (loaded through federation) and this remote's chat in steps 3 and 4.
import { type BuiltInAgentId, findBuiltInAgent } from "@acp/contracts/agents";
import { RemoteComponent } from "@acp/federation/remote-component";
import { PAGE_PATHS } from "@acp/federation/remotes";
import { Link } from "@acp/router";
import { Button } from "@acp/ui/components/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { Skeleton } from "@acp/ui/components/skeleton";
import { SearchX } from "lucide-react";
import { ChatCard } from "../features/chat/components/chat-card";
import { sampleQueriesFor } from "../features/chat/sample-queries";
import { AgentWizard } from "../features/wizard/components/agent-wizard";
import { WIZARDS } from "../features/wizard/wizard-steps";

export type AgentWizardPageProps = { agentType: BuiltInAgentId };

function UploadLoading() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only">Loading the upload…</span>
      <Skeleton className="h-40" />
    </div>
  );
}

export function AgentWizardPage({ agentType }: AgentWizardPageProps) {
  const agent = findBuiltInAgent(agentType);
  if (!agent) {
    return (
      <Card className="mx-auto w-full max-w-lg">
        <CardHeader className="items-center text-center">
          <SearchX aria-hidden="true" className="size-8 text-muted-foreground" />
          <CardTitle asChild>
            <h1>Unknown agent</h1>
          </CardTitle>
          <CardDescription>There is no executive agent called “{agentType}”.</CardDescription>
        </CardHeader>
        <CardContent className="flex justify-center">
          <Button asChild variant="outline">
            <Link to={PAGE_PATHS.agentManagement}>See all agents</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    // A new agent is a new wizard: its steps and prompts start over.
    <AgentWizard
      key={agent.id}
      agent={agent}
      wizard={WIZARDS[agent.id]}
      // The spec's sample queries are also the chat's own strip: one list, kept by the chat feature.
      sampleQueries={sampleQueriesFor(agent.id)}
      upload={
        <RemoteComponent
          target={{ remote: "mf-knowledge", module: "./DocumentUpload", props: { agentId: agent.id } }}
          fallback={<UploadLoading />}
        />
      }
      // The wizard shows the sample questions above the chat (spec: step 3's buttons): the card does not repeat them.
      renderChat={(prompt) => <ChatCard agentType={agent.id} prompt={prompt} showSampleQueries={false} />}
    />
  );
}
