// Build-time settings of the federation helpers: the only module of this package that reads import.meta.env.

declare global {
  interface ImportMetaEnv {
    /** Set by createRemoteViteConfig() in every remote's build and dev server. */
    readonly ACP_REMOTE_NAME?: string;
  }
}

export const env = {
  /** The remote being built or served; undefined in the shell. */
  remoteName: import.meta.env.ACP_REMOTE_NAME,
} as const;
