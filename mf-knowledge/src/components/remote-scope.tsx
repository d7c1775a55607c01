// Gives this remote's portalled UI (dialogs, selects) its style scope. The shell's PortalScopeProvider lives in the
// shell's copy of @acp/ui, whose React context this remote's bundled copy cannot read, so each exposed module sets
// the scope again with the copy its own components use.
import type { RemoteName } from "@acp/federation/remotes";
import { PortalScopeProvider } from "@acp/ui/lib/portal-scope";
import type { ReactNode } from "react";

const REMOTE: RemoteName = "mf-knowledge";
const SCOPE = { "data-remote": REMOTE } as const;

export function RemoteScope({ children }: { children: ReactNode }) {
  return <PortalScopeProvider attributes={SCOPE}>{children}</PortalScopeProvider>;
}
