// Browser entry of the shell: mounts the app into #root.
import "./index.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { capturePageHead } from "./lib/page-head";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// Before React replaces the first HTML: the page head the server composed into it stays on screen.
capturePageHead();
const root = createRoot(container);
// A transition: React renders in slices and yields to the browser between them, so mounting the app never holds the
// main thread for one long task (the first HTML stays on screen meanwhile).
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
