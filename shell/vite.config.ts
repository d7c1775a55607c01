// Vite config of the host: React, Tailwind and module federation with no build-time remotes (they come from /remotes.json).
import { sharedSingletons } from "@acp/federation/shared";
import { precompress } from "@acp/federation/vite-precompress";
import { sharedKits } from "@acp/federation/vite-shared-kits";
import { federation } from "@module-federation/vite";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { preloadSignedIn } from "./preload-signed-in";
import { prerenderLanding } from "./prerender-landing";

const API_ORIGIN = "http://localhost:3000";

export default defineConfig({
  base: "/",
  plugins: [
    sharedKits(),
    react(),
    tailwindcss(),
    federation({
      name: "shell",
      // Remotes are registered at run time from /remotes.json, so a remote moves or redeploys without a shell build.
      remotes: {},
      shared: sharedSingletons(),
      // Load each shared package when code first imports it instead of all of them at start-up: the landing page
      // never needs the router. There are no build-time remotes whose versions would have to be compared first.
      shareStrategy: "loaded-first",
      dts: false,
      // The one runtime on the page: remotes are built with `externalRuntime` and use this copy.
      experiments: { provideExternalRuntime: true },
    }),
    preloadSignedIn(),
    precompress(),
    prerenderLanding(),
  ],
  build: { outDir: "dist", target: "es2022" },
  server: {
    port: 5173,
    strictPort: true,
    // The browser's Host is kept (no changeOrigin), so the API's same-origin CSRF check sees the dev server's
    // origin on both sides and sign-in through the dev server works.
    proxy: {
      "/api": { target: API_ORIGIN, changeOrigin: false },
      "/remotes.json": { target: API_ORIGIN, changeOrigin: false },
      // Built remotes the API serves, for the ones not pointed at their own dev server.
      "/mf": { target: API_ORIGIN, changeOrigin: false },
    },
  },
  preview: { port: 5173, strictPort: true },
});
