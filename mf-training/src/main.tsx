// Standalone entry for `vite dev` in mf-training: the page inside the provider harness the shell would give it.
import { renderStandalone } from "@acp/federation/standalone";
import { TrainingPage } from "./app/training-page";

renderStandalone({
  routes: [{ path: "/", label: "Model Training", element: <TrainingPage /> }],
});
