// An agent's four-step wizard (spec section 2): the header with "Step N of 4" and its progress bar, one tab per step
// (later steps disabled, completed ones ticked), and each step's content with its Back and Continue buttons. The
// page brings what belongs to other features or remotes: the upload component and the chat; step 2 loads the shared
// training jobs component itself.
import type { BuiltInAgent } from "@acp/contracts/agents";
import { WIZARD_STEPS } from "@acp/contracts/constants";
import { Button } from "@acp/ui/components/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@acp/ui/components/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@acp/ui/components/tabs";
import { ArrowLeft, ArrowRight, Check, MessageSquareText, Rocket } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useWizardStep } from "../hooks/use-wizard-step";
import type { WizardDefinition } from "../wizard-steps";
import { KnowledgeStatus } from "./knowledge-status";
import { RecommendedDocuments } from "./recommended-documents";
import { WizardHeader } from "./wizard-header";
import { WizardTraining } from "./wizard-training";

/** A question for the chat; a new nonce sends the same text again. */
export type ChatPrompt = { text: string; nonce: number };

export type AgentWizardProps = {
  agent: BuiltInAgent;
  wizard: WizardDefinition;
  /** Step 3's sample questions (three). */
  sampleQueries: readonly string[];
  /** Step 1's upload component for this agent. */
  upload: ReactNode;
  /** Steps 3 and 4's chat with the agent; `prompt` is what the last sample or operation button asked. */
  renderChat: (prompt: ChatPrompt | undefined) => ReactNode;
};

const stepValue = (step: number) => `step-${step}`;

export function AgentWizard({ agent, wizard, sampleQueries, upload, renderChat }: AgentWizardProps) {
  const id = useId();
  const { step, next, back, goTo, heading } = useWizardStep();
  const [prompt, setPrompt] = useState<ChatPrompt | undefined>(undefined);
  const current = wizard.steps[step - 1] ?? wizard.steps[0];

  const ask = (text: string) => setPrompt((last) => ({ text, nonce: (last?.nonce ?? 0) + 1 }));
  // A prompt belongs to the chat it was sent to: the next step's chat starts without one.
  const move = (to: () => void) => {
    setPrompt(undefined);
    to();
  };

  const stepCard = (
    index: number,
    description: string,
    content: ReactNode,
    footer: { back?: string; next?: { label: string; icon?: ReactNode } },
  ) => {
    const stepNumber = index + 1;
    const definition = wizard.steps[index];
    return (
      <TabsContent value={stepValue(stepNumber)} className="min-w-0">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle asChild>
              <h2
                ref={heading}
                tabIndex={-1}
                className="outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {definition?.title}
              </h2>
            </CardTitle>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent className="flex min-w-0 flex-col gap-6">{content}</CardContent>
          <CardFooter className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            {footer.back ? (
              <Button variant="outline" onClick={() => move(back)}>
                <ArrowLeft aria-hidden="true" />
                {footer.back}
              </Button>
            ) : (
              <span aria-hidden="true" />
            )}
            {footer.next ? (
              <Button onClick={() => move(next)}>
                {footer.next.label}
                {footer.next.icon ?? <ArrowRight aria-hidden="true" />}
              </Button>
            ) : null}
          </CardFooter>
        </Card>
      </TabsContent>
    );
  };

  return (
    <div className="flex min-w-0 flex-col gap-8">
      <WizardHeader agent={agent} step={step} current={current} />
      <Tabs
        value={stepValue(step)}
        onValueChange={(value) => move(() => goTo(Number(value.replace("step-", ""))))}
        className="min-w-0 gap-6"
      >
        <TabsList aria-label={`${agent.name} wizard steps`} className="w-full sm:w-fit">
          {wizard.steps.map((definition, index) => {
            const stepNumber = index + 1;
            const completed = stepNumber < step;
            return (
              <TabsTrigger key={definition.tab} value={stepValue(stepNumber)} disabled={stepNumber > step}>
                {completed ? <Check aria-hidden="true" className="text-success" /> : null}
                {definition.tab}
                {completed ? <span className="sr-only">, completed</span> : null}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {stepCard(
          0,
          `Give ${agent.name} the documents it should learn from: its answers are grounded in them and cite them.`,
          <>
            <RecommendedDocuments items={wizard.recommendedDocuments} />
            <div className="flex min-w-0 flex-col">{upload}</div>
          </>,
          { next: { label: "Continue to Training" } },
        )}
        {stepCard(
          1,
          `What ${agent.name} has learned so far, and training jobs that teach it from its documents.`,
          <>
            <KnowledgeStatus agentId={agent.id} agentName={agent.name} />
            <div className="flex min-w-0 flex-col">
              <WizardTraining agentId={agent.id} />
            </div>
          </>,
          { back: "Back to Data Upload", next: { label: "Continue to Testing" } },
        )}
        {stepCard(
          2,
          `Ask ${agent.name} questions and check that its answers hold up and cite your documents.`,
          <>
            <section aria-labelledby={`${id}-samples`} className="flex flex-col gap-3">
              <h3 id={`${id}-samples`} className="font-medium text-sm">
                Sample queries
              </h3>
              <ul className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                {sampleQueries.map((query) => (
                  <li key={query} className="min-w-0">
                    <Button
                      variant="outline"
                      size="sm"
                      className="h-auto min-h-8 w-full whitespace-normal py-1.5 text-left sm:w-auto"
                      onClick={() => ask(query)}
                    >
                      <MessageSquareText aria-hidden="true" />
                      {query}
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
            {step === 3 ? renderChat(prompt) : null}
          </>,
          { back: "Back to Training", next: { label: "Deploy Agent", icon: <Rocket aria-hidden="true" /> } },
        )}
        {stepCard(
          3,
          `Put ${agent.name} to work: each action sends its request to the chat below.`,
          <>
            <ul className="grid gap-4 md:grid-cols-2">
              {wizard.operations.map((operation, index) => (
                <li key={operation.title} className="min-w-0">
                  <section
                    aria-labelledby={`${id}-operation-${index}`}
                    className="flex h-full flex-col gap-3 rounded-lg border p-4"
                  >
                    <h3 id={`${id}-operation-${index}`} className="font-medium">
                      {operation.title}
                    </h3>
                    <p className="flex-1 text-muted-foreground text-sm">{operation.description}</p>
                    <Button className="self-start" onClick={() => ask(operation.prompt)}>
                      {operation.action}
                    </Button>
                  </section>
                </li>
              ))}
            </ul>
            {step === WIZARD_STEPS ? renderChat(prompt) : null}
          </>,
          { back: "Back to Testing" },
        )}
      </Tabs>
    </div>
  );
}
