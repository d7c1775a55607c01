// Component tests of the mf-knowledge remote: the shared remote preset.
export { default } from "@acp/federation/vitest-remote";
