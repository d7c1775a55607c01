// Renders a remote's exposed component behind Suspense (skeleton) and an error boundary with a working Retry,
// so one dead or hung remote shows a fallback card instead of blanking the shell.
import { Button } from "@acp/ui/components/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { PageSkeleton } from "@acp/ui/components/page-skeleton";
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  type JSX,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useMemo,
  useState,
} from "react";
import { loadRemoteModule, RemoteLoadError } from "./loader";
import type { ExposedModule, RemoteName } from "./remotes";

export const REMOTE_FAILED_TITLE = "This section failed to load";

type RemoteModule<P> = { default: ComponentType<P> };

export type RemoteComponentProps<R extends RemoteName, P extends object> = {
  remote: R;
  module: ExposedModule<R>;
  /** Props passed to the remote's default export. */
  props?: P;
  /** Shown while the remote loads; a page-shaped skeleton by default. */
  fallback?: ReactNode;
  timeoutMs?: number;
  /** Injected by tests; the page-wide loader otherwise. */
  load?: (remote: R, module: ExposedModule<R>, options: { timeoutMs?: number }) => Promise<unknown>;
};

export function RemoteComponent<R extends RemoteName, P extends object = Record<string, never>>(
  props: RemoteComponentProps<R, P>,
) {
  // A new remote or module is a new boundary: an error on one route never sticks to the next route.
  return <RemoteSlot key={`${props.remote}/${props.module}`} {...props} />;
}

function RemoteSlot<R extends RemoteName, P extends object>({
  remote,
  module,
  props,
  fallback,
  timeoutMs,
  load = loadRemoteModule,
}: RemoteComponentProps<R, P>) {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger: a new lazy() re-runs the import.
  const Lazy = useMemo(
    () =>
      lazy(async () => {
        const loaded = (await load(remote, module, { timeoutMs })) as Partial<RemoteModule<P>>;
        if (typeof loaded.default !== "function" && typeof loaded.default !== "object") {
          throw new RemoteLoadError(remote, module, "the module has no default export component");
        }
        return loaded as RemoteModule<P>;
      }),
    [remote, module, timeoutMs, load, attempt],
  );

  return (
    <RemoteErrorBoundary key={attempt} remote={remote} onRetry={retry}>
      <Suspense fallback={fallback ?? <RemoteSkeleton />}>
        <div data-remote={remote} className="contents">
          <Lazy {...((props ?? {}) as P & JSX.IntrinsicAttributes)} />
        </div>
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/** A neutral page-shaped placeholder while the remote loads. */
export function RemoteSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-live="polite">
      <span className="sr-only">Loading…</span>
      <PageSkeleton />
    </div>
  );
}

function failureReason(error: unknown): string {
  if (error instanceof RemoteLoadError) return error.reason;
  if (error instanceof Error) return error.message;
  return String(error);
}

export function RemoteFailedCard({ reason, onRetry }: { reason: string; onRetry: () => void }) {
  return (
    <Card role="alert" className="mx-auto w-full max-w-xl border-destructive/40">
      <CardHeader>
        <CardTitle asChild>
          <h2>{REMOTE_FAILED_TITLE}</h2>
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

type BoundaryProps = { remote: string; onRetry: () => void; children: ReactNode };
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
      return <RemoteFailedCard reason={failureReason(this.state.error)} onRetry={this.props.onRetry} />;
    }
    return this.props.children;
  }
}
