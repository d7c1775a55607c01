// Standalone entry for `vite dev` in mf-training: the page inside the provider harness the shell would give it.
import "./standalone.css";
import "./styles";
import { renderStandalone } from "@acp/federation/standalone";
import { TrainingPage } from "./app/training-page";
import { REMOTE_NAME } from "./env";

renderStandalone({
  remote: REMOTE_NAME,
  routes: [{ path: "/", label: "Model Training", element: <TrainingPage /> }],
});
