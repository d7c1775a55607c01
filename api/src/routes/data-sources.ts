// Data sources for an agent's knowledge (mounted at /api/data-sources): text and web URLs ingested like documents.
import { createDataSourceSchema } from "@acp/contracts/inputs";
import { knowledgeDocumentSchema } from "@acp/contracts/knowledge";
import { z } from "@hono/zod-openapi";
import { signedInRoute } from "../auth/signed-in-route";
import { componentSchema, createRouter, errorResponses } from "../lib/openapi";
import { publicAddressPolicy } from "../services/data-sources/address-policy";
import { createDataSource } from "../services/data-sources/create-data-source";

const createRoute = signedInRoute({
  method: "post",
  path: "/",
  tags: ["Knowledge"],
  summary: "Add a data source to an agent's knowledge",
  description: [
    "`text`: the content is stored as a document (source `text`) and ingested like an upload; it appears in the",
    "document list. `url`: the page is fetched by the server (10 MB, 15 s, at most 5 redirects) and its readable text,",
    "or the PDF/Office/CSV/JSON/text file it serves, is ingested; private, loopback, link-local, CGNAT, multicast and",
    "metadata addresses are refused with 400 URL_NOT_ALLOWED, also after redirects and whatever DNS answers. `api`",
    "cannot be ingested: 400 UNSUPPORTED_DATA_SOURCE.",
  ].join(" "),
  request: {
    body: {
      required: true,
      content: {
        "application/json": { schema: componentSchema(createDataSourceSchema, "CreateDataSource") },
      },
    },
  },
  responses: {
    201: {
      description: "The document the data source was stored as, processing",
      content: {
        "application/json": {
          schema: z.object({ document: componentSchema(knowledgeDocumentSchema, "KnowledgeDocument") }),
        },
      },
    },
    ...errorResponses(400, 401),
  },
});

export const dataSourcesRoutes = createRouter().openapi(createRoute, async (c) => {
  const input = c.req.valid("json");
  const { deps } = c.var;
  const document = await createDataSource({
    deps,
    userId: c.var.user.id,
    input,
    policy: publicAddressPolicy({ allowCidrs: deps.config.urlFetch.allowCidrs }),
  });
  return c.json({ document }, 201);
});
