// Component tests of the mf-training remote: the shared remote preset.
export { default } from "@acp/federation/vitest-remote";
