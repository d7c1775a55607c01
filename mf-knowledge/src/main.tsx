// Standalone entry for `vite dev` in mf-knowledge: the page inside the provider harness the shell would give it.
import "./standalone.css";
import "./styles";
import { renderStandalone } from "@acp/federation/standalone";
import { KnowledgePage } from "./app/knowledge-page";
import { REMOTE_NAME } from "./env";

renderStandalone({
  remote: REMOTE_NAME,
  routes: [{ path: "/", label: "Knowledge Base", element: <KnowledgePage /> }],
});
