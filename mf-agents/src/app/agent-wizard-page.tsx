// An agent's wizard page (spec section 2): header, the four step tabs (later steps disabled) and step 1.
import { type BuiltInAgentId, findBuiltInAgent } from "@acp/contracts/agents";
import { PAGE_PATHS } from "@acp/federation/remotes";
import { Link } from "@acp/router";
import { Button } from "@acp/ui/components/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@acp/ui/components/tabs";
import { FileText, SearchX } from "lucide-react";
import { WizardHeader } from "../features/wizard/components/wizard-header";
import { WIZARDS } from "../features/wizard/wizard-steps";

export type AgentWizardPageProps = { agentType: BuiltInAgentId };

const FIRST_STEP = 1;

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

  const wizard = WIZARDS[agent.id];
  const current = wizard.steps[FIRST_STEP - 1] ?? wizard.steps[0];
  return (
    <div className="flex flex-col gap-8">
      <WizardHeader agent={agent} step={FIRST_STEP} current={current} />
      <Tabs value={`step-${FIRST_STEP}`} className="gap-6">
        <TabsList>
          {wizard.steps.map((step, index) => (
            <TabsTrigger key={step.tab} value={`step-${index + 1}`} disabled={index + 1 > FIRST_STEP}>
              {step.tab}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={`step-${FIRST_STEP}`}>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>{current.title}</h2>
              </CardTitle>
              <CardDescription>
                Give the {agent.name} agent the documents it should learn from. Its answers are grounded in
                them.
              </CardDescription>
            </CardHeader>
            {wizard.recommendedDocuments.length > 0 ? (
              <CardContent className="flex flex-col gap-3">
                <h3 className="font-medium text-sm">Recommended documents</h3>
                <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                  {wizard.recommendedDocuments.map((item) => (
                    <li
                      key={item}
                      className="flex items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm"
                    >
                      <FileText aria-hidden="true" className="size-4 shrink-0 text-primary" />
                      {item}
                    </li>
                  ))}
                </ul>
              </CardContent>
            ) : null}
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
