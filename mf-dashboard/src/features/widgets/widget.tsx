// One widget of another team's remote on the dashboard: loaded through federation at run time (never imported from
// source), in its own error boundary with Retry and a load timeout, so a remote that is down or hung shows its
// fallback in its own place while the rest of the dashboard works. It renders once it comes within reach of the
// viewport (use-near-viewport.ts); until then its placeholder holds its place.
import { RemoteComponent, type RemoteTarget } from "@acp/federation/remote-component";
import type { ExposedModule, RemoteName } from "@acp/federation/remotes";
import { Skeleton } from "@acp/ui/components/skeleton";
import { useRef } from "react";
import { useNearViewport } from "./use-near-viewport";

export type WidgetProps<R extends RemoteName, M extends ExposedModule<R>> = {
  target: RemoteTarget<R, M>;
  /** What the widget is, for the loading and failure cards: "Document upload". */
  title: string;
  /** The loading placeholder's height, close to the widget's own so the page does not jump. */
  height: string;
};

export function Widget<R extends RemoteName, M extends ExposedModule<R>>({
  target,
  title,
  height,
}: WidgetProps<R, M>) {
  const id = `${target.remote}/${target.module.replace(/^\.\//, "")}`;
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section, id);
  const placeholder = (
    <div role="status" aria-busy="true" aria-live="polite">
      <span className="sr-only">Loading {title.toLowerCase()}…</span>
      <Skeleton className="w-full rounded-xl" style={{ height }} />
    </div>
  );
  return (
    <section ref={section} aria-label={title} data-widget={id} className="min-w-0">
      {near ? <RemoteComponent target={target} title={title} fallback={placeholder} /> : placeholder}
    </section>
  );
}
