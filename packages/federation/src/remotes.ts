// The five remotes, the modules each exposes and their standalone dev ports: the one place these names are spelled.

export const REMOTES = {
  "mf-dashboard": { devPort: 5174, exposes: ["./DashboardPage"] },
  "mf-agents": { devPort: 5175, exposes: ["./AgentManagementPage", "./AgentWizardPage"] },
  "mf-knowledge": { devPort: 5176, exposes: ["./KnowledgePage"] },
  "mf-training": { devPort: 5177, exposes: ["./TrainingPage"] },
  "mf-api": { devPort: 5178, exposes: ["./ApiManagementPage"] },
} as const;

export type RemoteName = keyof typeof REMOTES;
export type ExposedModule<R extends RemoteName = RemoteName> = (typeof REMOTES)[R]["exposes"][number];

export const REMOTE_NAMES = Object.keys(REMOTES) as RemoteName[];

/** The file every remote emits next to its manifest; the name the federation plugin's `filename` takes. */
export const REMOTE_ENTRY_FILENAME = "remoteEntry.js";
export const REMOTE_MANIFEST_FILENAME = "mf-manifest.json";

/** The path the API serves each built remote under (DESIGN 2, front-end hosting). */
export function remoteBasePath(name: RemoteName): string {
  return `/mf/${name}/`;
}

export function isRemoteName(value: string): value is RemoteName {
  return Object.hasOwn(REMOTES, value);
}
