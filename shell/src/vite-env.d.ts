// Types of the VITE_* variables src/env.ts reads.
/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_REMOTE_TIMEOUT_MS?: string;
}
