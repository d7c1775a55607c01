// The federation registry the shell reads at start-up: GET /remotes.json maps remote name to manifest URL.

import { defaultManifestUrl } from "@acp/contracts/remotes";
import { createRoute, z } from "@hono/zod-openapi";
import { REMOTE_NAMES } from "../env";
import { createRouter } from "../lib/openapi";

const remotesSchema = z
  .object(
    Object.fromEntries(REMOTE_NAMES.map((name) => [name, z.string()])) as Record<
      (typeof REMOTE_NAMES)[number],
      z.ZodString
    >,
  )
  .openapi("Remotes", {
    example: Object.fromEntries(REMOTE_NAMES.map((name) => [name, defaultManifestUrl(name)])),
  });

const remotesRoute = createRoute({
  method: "get",
  path: "/remotes.json",
  tags: ["Front end"],
  summary: "Remote name -> mf-manifest.json URL",
  description:
    "Defaults to the remotes this server hosts under /mf/<name>/; REMOTES_MF_* variables override each.",
  responses: {
    200: { description: "The remote registry", content: { "application/json": { schema: remotesSchema } } },
  },
});

export const remotesRoutes = createRouter().openapi(remotesRoute, (c) => {
  // Moving a remote is a config change; browsers must not hold on to the old address.
  c.header("Cache-Control", "no-cache");
  return c.json(c.var.deps.config.remotes, 200);
});
