// The one place the remotes are spelled: their names, the modules each exposes with the props those take, their
// dev ports and hosting paths, and the shell's page paths. The shell renders an exposed module and the remote
// default-exports it against the same props type, so neither side can drift from the other.
import type { BuiltInAgentId } from "@acp/contracts/agents";
import type { ModelType } from "@acp/contracts/entities";
import type { RemoteName } from "@acp/contracts/remotes";
import type { ReactNode } from "react";

/** A type-only marker: `props<{ agentType: BuiltInAgentId }>()` records an exposed module's props. */
type Props<P extends object> = { readonly __props?: P };
function props<P extends object>(): Props<P> {
  return {};
}
type NoProps = Record<string, never>;
/** An exposed module that takes no props. */
const noProps: Props<NoProps> = {};

/**
 * Adding an exposed module is one line here plus its file, `src/exposes/<kebab-case name>.tsx` in the remote,
 * which default-exports a component typed `ExposedComponent<remote, "./Name">`.
 */
export const REMOTES = {
  "mf-dashboard": {
    devPort: 5174,
    exposes: { "./DashboardPage": noProps },
  },
  "mf-agents": {
    devPort: 5175,
    exposes: {
      "./AgentManagementPage": noProps,
      "./AgentManagementCenter": noProps,
      "./CustomAgents": noProps,
      "./AgentWizardPage": props<{ agentType: BuiltInAgentId }>(),
      "./ChatCard": props<{
        agentType: string;
        customAgentId?: string | undefined;
        /** A question to ask: each new nonce asks once. */
        prompt?: { text: string; nonce: number } | undefined;
        /** False where the page shows the sample questions itself (the wizards); true by default. */
        showSampleQueries?: boolean | undefined;
      }>(),
    },
  },
  "mf-knowledge": {
    devPort: 5176,
    exposes: {
      "./KnowledgePage": noProps,
      "./DocumentUpload": props<{ agentId?: string | undefined }>(),
      "./DocumentList": noProps,
      "./VectorDatabaseCard": noProps,
      "./DataSources": props<{ defaultAgentId?: string | undefined }>(),
    },
  },
  "mf-training": {
    devPort: 5177,
    exposes: {
      "./TrainingPage": noProps,
      /** With `modelType`, the job form is fixed to that model type and the list shows its jobs only. */
      "./TrainingJobs": props<{ modelType?: ModelType | undefined }>(),
      "./TrainingDataSources": noProps,
    },
  },
  "mf-api": {
    devPort: 5178,
    exposes: {
      "./ApiManagementPage": noProps,
      "./ApiKeys": noProps,
      "./PublicEndpoints": noProps,
    },
  },
} as const satisfies Record<RemoteName, { devPort: number; exposes: Record<`./${string}`, Props<object>> }>;

export type { RemoteName };
export type ExposedModule<R extends RemoteName = RemoteName> = keyof (typeof REMOTES)[R]["exposes"] & string;

/** The props of one exposed module's default export. */
export type ExposedProps<R extends RemoteName, M extends ExposedModule<R>> =
  (typeof REMOTES)[R]["exposes"][M] extends Props<infer P> ? P : never;

/** What a remote's `src/exposes/*.tsx` default-exports for module M: checked where the remote declares it. */
export type ExposedComponent<R extends RemoteName, M extends ExposedModule<R>> = (
  props: ExposedProps<R, M>,
) => ReactNode;

export function exposedModules<R extends RemoteName>(remote: R): ExposedModule<R>[] {
  return Object.keys(REMOTES[remote].exposes) as ExposedModule<R>[];
}

/** "./DocumentUpload" -> "src/exposes/document-upload.tsx": where a remote keeps each exposed module's entry. */
export function exposedModuleFile(module: string): string {
  const name = module
    .replace(/^\.\//, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase();
  return `./src/exposes/${name}.tsx`;
}

/** The shell's pages (spec section 2). Remotes link with these instead of spelling paths. */
export const PAGE_PATHS = {
  dashboard: "/",
  agents: "/agents",
  agentManagement: "/agent-management",
  knowledge: "/knowledge",
  training: "/training",
  apiManagement: "/api-management",
} as const;

export function agentWizardPath(agentType: BuiltInAgentId): string {
  return `/agent/${agentType}`;
}
