// The composition of remotes as one module, which the shell provides to every remote that renders another remote's
// modules (the dashboard's widgets, a wizard's training step): one loader and one RemoteComponent on the page.
export * from "./loader";
export * from "./remote-component";
