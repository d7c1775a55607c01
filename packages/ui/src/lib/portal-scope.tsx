// Attributes that content portalled into <body> (dialogs, sheets, selects, tooltips) must carry to stay inside the
// style scope of the subtree that opened it: the host sets them once around a subtree (a federation remote sets
// data-remote="<name>"), and every portalled component of this package spreads them on its root elements.
import { type Context, createContext, type ReactNode, useContext } from "react";

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
