// Keeps content portalled into <body> (dialogs, sheets, selects, tooltips) inside the style scope of the subtree that
// opened it: the host sets scope attributes once around a subtree (a federation remote sets data-remote="<name>"),
// and every portalled component of this package portals into a container in <body> that carries them.
import { type Context, createContext, type ReactNode, useContext, useMemo } from "react";

export type PortalScopeAttributes = Readonly<Record<`data-${string}`, string>>;

/**
 * Every remote bundles its own copy of this package while React is one shared singleton, so a context created per
 * copy would keep the shell's provider invisible to a remote's dialogs. All copies share one context object,
 * registered on globalThis under a well-known symbol.
 */
const CONTEXT_KEY = Symbol.for("@acp/ui/portal-scope");
const registry = globalThis as { [CONTEXT_KEY]?: Context<PortalScopeAttributes> };
const PortalScopeContext = registry[CONTEXT_KEY] ?? createContext<PortalScopeAttributes>({});
registry[CONTEXT_KEY] = PortalScopeContext;

export function PortalScopeProvider({
  attributes,
  children,
}: {
  attributes: PortalScopeAttributes;
  children: ReactNode;
}) {
  return <PortalScopeContext value={attributes}>{children}</PortalScopeContext>;
}

/** The scope attributes of the nearest provider, `{}` outside any. */
export function usePortalScope(): PortalScopeAttributes {
  return useContext(PortalScopeContext);
}

const CONTAINER_MARKER = "data-portal-scope";

/**
 * The element of <body> the portalled content of this scope goes into, made once per scope and shared by every
 * copy of this package (it is found by its attributes); undefined outside any scope (Radix then uses <body>).
 *
 * Why a container rather than the attributes on the dialog itself: a remote's utilities are wrapped in
 * `@scope ([data-remote="<name>"])`, and a scoped rule matches the scoping root's descendants, never the root, so a
 * dialog carrying data-remote itself lost every utility the remote gave it (max-h, max-w, overflow...).
 */
export function usePortalContainer(): HTMLElement | undefined {
  const scope = usePortalScope();
  const key = JSON.stringify(Object.entries(scope).sort(([a], [b]) => a.localeCompare(b)));
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the scope's value; the object may be new each render.
  return useMemo(() => portalContainer(scope, key), [key]);
}

function portalContainer(scope: PortalScopeAttributes, key: string): HTMLElement | undefined {
  if (Object.keys(scope).length === 0 || typeof document === "undefined") return undefined;
  const existing = Array.from(document.body.children).find(
    (element): element is HTMLElement =>
      element instanceof HTMLElement && element.getAttribute(CONTAINER_MARKER) === key,
  );
  if (existing) return existing;
  const container = document.createElement("div");
  container.setAttribute(CONTAINER_MARKER, key);
  for (const [name, value] of Object.entries(scope)) container.setAttribute(name, value);
  // Lays nothing out itself: fixed dialogs, popovers and their overlays position against the viewport as before.
  container.style.display = "contents";
  document.body.append(container);
  return container;
}
