// Renders a remote's exposed component behind Suspense (skeleton) and an error boundary with a working Retry,
// so one dead or hung remote shows a fallback card instead of blanking the shell.
import { Button } from "@acp/ui/components/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { PageSkeleton } from "@acp/ui/components/page-skeleton";
import { PortalScopeProvider } from "@acp/ui/lib/portal-scope";
import {
  Component,
  type ComponentType,
  createElement,
  type ErrorInfo,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useMemo,
  useState,
} from "react";
import { isRemoteLoadError, loadRemoteModule, RemoteLoadError } from "./loader";
import type { ExposedModule, ExposedProps, RemoteName } from "./remotes";

export const REMOTE_FAILED_TITLE = "This section failed to load";

type RemoteModule<P> = { default: ComponentType<P> };

/** The one check where the shell meets a remote: whatever came over the wire must default-export a component. */
function isRemoteModule<P>(loaded: unknown): loaded is RemoteModule<P> {
  if (typeof loaded !== "object" || loaded === null || !("default" in loaded)) return false;
  const component = loaded.default;
  // Function components, classes, and memo/forwardRef objects.
  return typeof component === "function" || (typeof component === "object" && component !== null);
}

/** Props are optional when every declared prop is; otherwise exactly the props declared in REMOTES are required. */
type PropsOf<R extends RemoteName, M extends ExposedModule<R>> =
  Record<string, never> extends ExposedProps<R, M>
    ? { props?: ExposedProps<R, M> }
    : { props: ExposedProps<R, M> };

/** One exposed module and the props it declares: what a route or a widget slot renders. */
export type RemoteTarget<R extends RemoteName, M extends ExposedModule<R>> = {
  remote: R;
  module: M;
} & PropsOf<R, M>;

export type RemoteComponentProps<R extends RemoteName, M extends ExposedModule<R>> = {
  target: RemoteTarget<R, M>;
  /** Shown while the remote loads; a page-shaped skeleton by default. */
  fallback?: ReactNode;
  /** What the module is ("Document upload"): names it in the failure card; a page is "This section" otherwise. */
  title?: string;
  timeoutMs?: number;
  /** Injected by tests; the page-wide loader otherwise. */
  load?: (remote: R, module: M, options: { timeoutMs?: number }) => Promise<unknown>;
};

export function RemoteComponent<R extends RemoteName, M extends ExposedModule<R>>(
  props: RemoteComponentProps<R, M>,
) {
  // A new remote or module is a new boundary: an error on one route never sticks to the next route.
  return <RemoteSlot key={`${props.target.remote}/${props.target.module}`} {...props} />;
}

function RemoteSlot<R extends RemoteName, M extends ExposedModule<R>>({
  target,
  fallback,
  title,
  timeoutMs,
  load = loadRemoteModule,
}: RemoteComponentProps<R, M>) {
  const { remote, module, props } = target;
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger: a new lazy() re-runs the import.
  const Lazy = useMemo(
    () =>
      lazy(async () => {
        const loaded = await load(remote, module, { timeoutMs });
        if (!isRemoteModule<ExposedProps<R, M>>(loaded)) {
          throw new RemoteLoadError(remote, module, "the module has no default export component");
        }
        return loaded;
      }),
    [remote, module, timeoutMs, load, attempt],
  );
  // Dialogs, sheets and selects the remote portals into <body> keep its scoped styles (see @acp/ui portal-scope).
  const scope = useMemo(() => ({ "data-remote": remote }), [remote]);

  return (
    <RemoteErrorBoundary key={attempt} remote={remote} title={title} onRetry={retry}>
      <Suspense fallback={fallback ?? <RemoteSkeleton />}>
        <PortalScopeProvider attributes={scope}>
          <div data-remote={remote} className="contents">
            {createElement(Lazy, props ?? ({} as ExposedProps<R, M>))}
          </div>
        </PortalScopeProvider>
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/**
 * A neutral page-shaped placeholder while the remote loads; `head` is the page's own header when the server composed
 * it into the first HTML (the shell passes it on the page the document was loaded for).
 */
export function RemoteSkeleton({ head }: { head?: string | undefined }) {
  return (
    <div role="status" aria-busy="true" aria-live="polite">
      <span className="sr-only">Loading…</span>
      <PageSkeleton head={head || undefined} />
    </div>
  );
}

function failureReason(error: unknown): string {
  if (isRemoteLoadError(error)) return error.reason;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** "Document upload failed to load" for a named widget; the generic title for a page. */
export function remoteFailedTitle(title: string | undefined): string {
  return title ? `${title} failed to load` : REMOTE_FAILED_TITLE;
}

export function RemoteFailedCard({
  reason,
  title,
  onRetry,
}: {
  reason: string;
  title?: string | undefined;
  onRetry: () => void;
}) {
  return (
    <Card role="alert" className="mx-auto w-full max-w-xl border-destructive/40">
      <CardHeader>
        <CardTitle asChild>
          <h2>{remoteFailedTitle(title)}</h2>
        </CardTitle>
        <CardDescription>
          The rest of the control panel keeps working. Try again, or come back to this page later.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-4">
        <p className="w-full break-words rounded-md bg-muted px-3 py-2 font-mono text-muted-foreground text-xs">
          {reason}
        </p>
        <Button onClick={onRetry}>Retry</Button>
      </CardContent>
    </Card>
  );
}

type BoundaryProps = { remote: string; title?: string | undefined; onRetry: () => void; children: ReactNode };
type BoundaryState = { error: unknown; failed: boolean };

class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`[remote ${this.props.remote}]`, error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <RemoteFailedCard
          reason={failureReason(this.state.error)}
          title={this.props.title}
          onRetry={this.props.onRetry}
        />
      );
    }
    return this.props.children;
  }
}
