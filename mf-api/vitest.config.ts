// Component tests of the mf-api remote: the shared remote preset.
export { default } from "@acp/federation/vitest-remote";
