// Storybook config of the mf-training remote: its widgets' stories with React + Vite and Tailwind, fully offline.
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
    // The preview bundles React, Radix, recharts and every story; a big chunk is expected and harmless here.
    viteConfig.build = { ...viteConfig.build, chunkSizeWarningLimit: 2048 };
    return viteConfig;
  },
};

export default config;
