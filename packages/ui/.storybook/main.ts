// Storybook config for the design system: React + Vite, Tailwind v4 via its Vite plugin, fully offline.

import type { StorybookConfig } from "@storybook/react-vite";
import tailwindcss from "@tailwindcss/vite";

const config: StorybookConfig = {
  framework: "@storybook/react-vite",
  stories: ["../src/**/*.stories.tsx"],
  core: {
    // Builds run in CI and sandboxes without internet access: no telemetry, update checks or crash reports.
    disableTelemetry: true,
    disableWhatsNewNotifications: true,
    enableCrashReports: false,
  },
  typescript: {
    // The repo's TypeScript 7 is native (no JS API), which react-docgen-typescript needs; react-docgen parses alone.
    reactDocgen: "react-docgen",
  },
  async viteFinal(viteConfig) {
    viteConfig.plugins = [...(viteConfig.plugins ?? []), tailwindcss()];
    const rolldownOptions = viteConfig.build?.rolldownOptions ?? {};
    const previousOnwarn = rolldownOptions.onwarn;
    viteConfig.build = {
      ...viteConfig.build,
      // The preview bundles React, Radix and every story; a big chunk is expected and harmless here.
      chunkSizeWarningLimit: 2048,
      rolldownOptions: {
        ...rolldownOptions,
        // Radix ships "use client" for RSC; irrelevant in a client-only bundle and it floods the build log.
        onwarn(warning, defaultHandler) {
          if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
          if (previousOnwarn) previousOnwarn(warning, defaultHandler);
          else defaultHandler(warning);
        },
      },
    };
    return viteConfig;
  },
};

export default config;
