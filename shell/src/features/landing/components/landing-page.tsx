// The public landing page (spec section 1): hero, the five executive agents with their statuses, a closing call to
// action and a footer. Every sign-in entry point is a real link to /api/login, which the API serves.
import { LOGIN_URL } from "@acp/client/auth-urls";
import { BUILT_IN_AGENTS, type BuiltInAgent } from "@acp/contracts/agents";
import { ACCEPTED_UPLOAD_EXTENSIONS } from "@acp/contracts/constants";
import { AgentIcon } from "@acp/ui/components/agent-icon";
import { Badge } from "@acp/ui/components/badge";
import { Button } from "@acp/ui/components/button";
import { FeatureList } from "@acp/ui/components/feature-list";
import { ArrowRight, Bot, BrainCircuit, FileUp, KeyRound, ShieldCheck } from "lucide-react";

const STEPS = [
  {
    icon: FileUp,
    title: "Upload your knowledge",
    text: `Add ${ACCEPTED_UPLOAD_EXTENSIONS.map((ext) => ext.toUpperCase()).join(", ")} files or plain-text notes. Every agent answers from your own material.`,
  },
  {
    icon: BrainCircuit,
    title: "Train and test",
    text: "Run training jobs on each agent's documents, then try it in a chat that shows the sources behind every answer.",
  },
  {
    icon: KeyRound,
    title: "Deploy through the API",
    text: "Publish an agent at its own endpoint and call it with an API key from your products and workflows.",
  },
] as const;

export function LandingPage() {
  return (
    <div className="flex min-h-svh flex-col bg-background text-foreground">
      <header className="absolute inset-x-0 top-0 z-10">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <a
            href="/"
            className="flex items-center gap-2 rounded-md font-semibold text-white outline-none focus-visible:ring-2 focus-visible:ring-sidebar-ring"
          >
            <span className="flex size-8 items-center justify-center rounded-lg bg-sidebar-primary text-sidebar-primary-foreground">
              <Bot aria-hidden="true" className="size-5" />
            </span>
            Agent Control Panel
          </a>
          <Button asChild variant="secondary" size="sm">
            <a href={LOGIN_URL}>Sign In</a>
          </Button>
        </div>
      </header>

      <main className="flex-1">
        <section
          aria-labelledby="hero-title"
          className="relative overflow-hidden bg-sidebar px-4 pt-32 pb-20 text-sidebar-foreground sm:px-6 sm:pt-40 sm:pb-28"
        >
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_50%_-10%,oklch(0.55_0.2_287/0.55),transparent)]"
          />
          <div className="relative mx-auto flex max-w-3xl flex-col items-center text-center">
            <span className="inline-flex items-center gap-2 rounded-full border border-sidebar-border bg-sidebar-accent px-3 py-1 font-medium text-sidebar-accent-foreground text-xs">
              <ShieldCheck aria-hidden="true" className="size-3.5 text-sidebar-primary" />
              Executive Edition · Premium
            </span>
            <h1
              id="hero-title"
              className="mt-6 text-balance font-bold text-4xl text-white tracking-tight sm:text-6xl"
            >
              Your executive team of AI agents
            </h1>
            <p className="mt-6 max-w-2xl text-pretty text-lg text-sidebar-foreground/90">
              Create, train, test and deploy specialised AI agents built on your own documents — for
              go-to-market, legal, vision, technical architecture and fundraising — with unlimited access.
            </p>
            <div className="mt-10 flex flex-col items-center gap-3 sm:flex-row">
              <Button
                asChild
                size="lg"
                className="bg-sidebar-primary text-sidebar-primary-foreground hover:bg-sidebar-primary/90"
              >
                <a href={LOGIN_URL}>
                  Get Started
                  <ArrowRight aria-hidden="true" />
                </a>
              </Button>
            </div>
          </div>
        </section>

        <section aria-labelledby="agents-title" className="px-4 py-20 sm:px-6">
          <div className="mx-auto max-w-6xl">
            <div className="mx-auto max-w-2xl text-center">
              <h2 id="agents-title" className="font-bold text-3xl tracking-tight">
                Five executive agents
              </h2>
              <p className="mt-4 text-muted-foreground">
                Each agent specialises in one part of running the company and learns from the documents you
                give it.
              </p>
            </div>
            {/* Six columns with cards spanning two: three on the first row, the last two centred below. */}
            <ul className="mt-12 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-6">
              {BUILT_IN_AGENTS.map((agent) => (
                <AgentCard key={agent.id} agent={agent} />
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="steps-title" className="border-y bg-muted/50 px-4 py-20 sm:px-6">
          <div className="mx-auto max-w-6xl">
            <h2 id="steps-title" className="text-center font-bold text-3xl tracking-tight">
              From documents to a deployed agent
            </h2>
            <ol className="mt-12 grid grid-cols-1 gap-8 md:grid-cols-3">
              {STEPS.map((step, index) => (
                <li key={step.title} className="flex flex-col gap-3">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                    <step.icon aria-hidden="true" className="size-5" />
                  </span>
                  <h3 className="font-semibold text-lg">
                    <span className="sr-only">Step {index + 1}: </span>
                    {step.title}
                  </h3>
                  <p className="text-muted-foreground text-sm leading-relaxed">{step.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="cta-title" className="px-4 py-20 sm:px-6">
          <div className="relative mx-auto max-w-4xl overflow-hidden rounded-2xl bg-primary px-6 py-14 text-center text-primary-foreground shadow-lg sm:px-12">
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-0 bg-[radial-gradient(40rem_20rem_at_100%_0%,oklch(0.72_0.15_287/0.45),transparent)]"
            />
            <div className="relative">
              <h2 id="cta-title" className="text-balance font-bold text-3xl tracking-tight">
                Put your agents to work today
              </h2>
              <p className="mx-auto mt-4 max-w-xl text-primary-foreground/90">
                Sign in to upload knowledge, train your agents and manage their API access from one control
                panel.
              </p>
              <Button asChild size="lg" variant="secondary" className="mt-8">
                <a href={LOGIN_URL}>
                  Access Control Panel
                  <ArrowRight aria-hidden="true" />
                </a>
              </Button>
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t px-4 py-8 sm:px-6">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 text-muted-foreground text-sm sm:flex-row">
          <p className="flex items-center gap-2">
            <Bot aria-hidden="true" className="size-4" />
            Agent Control Panel · Executive Edition
          </p>
          <p>© {new Date().getFullYear()} Agent Control Panel. All rights reserved.</p>
        </div>
      </footer>
    </div>
  );
}

function AgentCard({ agent }: { agent: BuiltInAgent }) {
  const isActive = agent.status === "active";
  return (
    <li className="flex flex-col gap-4 rounded-xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md lg:col-span-2 lg:nth-4:col-start-2">
      <div className="flex items-start justify-between gap-4">
        <span className="flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <AgentIcon agentId={agent.id} className="size-5" />
        </span>
        <Badge variant={isActive ? "success" : "secondary"}>
          <span
            aria-hidden="true"
            className={`size-1.5 rounded-full ${isActive ? "bg-success-foreground" : "bg-secondary-foreground/60"}`}
          />
          {agent.sidebarBadge}
        </Badge>
      </div>
      <div>
        <h3 className="font-semibold text-lg">{agent.name}</h3>
        <p className="mt-1 text-muted-foreground text-sm">{agent.description}</p>
      </div>
      <FeatureList features={agent.features} className="mt-auto" />
    </li>
  );
}
