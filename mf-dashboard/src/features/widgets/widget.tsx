// One widget of another team's remote on the dashboard: loaded through federation at run time (never imported from
// source), in its own error boundary with Retry and a load timeout, so a remote that is down or hung shows its
// fallback in its own place while the rest of the dashboard works.
import { RemoteComponent, type RemoteTarget } from "@acp/federation/remote-component";
import type { ExposedModule, RemoteName } from "@acp/federation/remotes";
import { Skeleton } from "@acp/ui/components/skeleton";

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
  return (
    <section
      aria-label={title}
      data-widget={`${target.remote}/${target.module.replace(/^\.\//, "")}`}
      className="min-w-0"
    >
      <RemoteComponent
        target={target}
        title={title}
        fallback={
          <div role="status" aria-busy="true" aria-live="polite">
            <span className="sr-only">Loading {title.toLowerCase()}…</span>
            <Skeleton className="w-full rounded-xl" style={{ height }} />
          </div>
        }
      />
    </section>
  );
}
