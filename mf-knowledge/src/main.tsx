// Standalone entry for `vite dev` in mf-knowledge: the page inside the provider harness the shell would give it.
import { renderStandalone } from "@acp/federation/standalone";
import { KnowledgePage } from "./app/knowledge-page";

renderStandalone({
  routes: [{ path: "/", label: "Knowledge Base", element: <KnowledgePage /> }],
});
