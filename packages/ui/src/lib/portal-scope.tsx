// Attributes that content portalled into <body> (dialogs, sheets, selects, tooltips) must carry to stay inside the
// style scope of the subtree that opened it: the host sets them once around a subtree (a federation remote sets
// data-remote="<name>"), and every portalled component of this package spreads them on its root elements.
import { createContext, type ReactNode, useContext } from "react";

export type PortalScopeAttributes = Readonly<Record<`data-${string}`, string>>;

const PortalScopeContext = createContext<PortalScopeAttributes>({});

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
