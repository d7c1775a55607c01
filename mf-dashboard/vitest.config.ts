// Component tests of the mf-dashboard remote: the shared remote preset.
export { default } from "@acp/federation/vitest-remote";
