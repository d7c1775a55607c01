// Component tests of the mf-agents remote: the shared remote preset.
export { default } from "@acp/federation/vitest-remote";
