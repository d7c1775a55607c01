// The dashboard header: title, subtitle, and the signed-in user's avatar, name and "Executive Access".

import { Avatar, AvatarFallback, AvatarImage, getInitials } from "@acp/ui/components/avatar";
import { Badge } from "@acp/ui/components/badge";
import { PageHeader } from "@acp/ui/components/page-header";
import { ShieldCheck } from "lucide-react";
import { useAuth } from "../api/get-current-user";

export function DashboardHeader() {
  const { user } = useAuth();
  const name = [user?.firstName?.trim() || "User", user?.lastName?.trim()].filter(Boolean).join(" ");
  return (
    <PageHeader
      title="Executive AI Command Center"
      description="Complete suite with no restrictions"
      actions={
        <div className="flex items-center gap-3 rounded-xl border bg-card px-4 py-3 shadow-sm">
          <Avatar className="size-10">
            {user?.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt="" /> : null}
            <AvatarFallback aria-hidden="true">{getInitials(name)}</AvatarFallback>
          </Avatar>
          <div className="flex flex-col gap-1">
            <p className="font-medium text-sm leading-none">{name}</p>
            <Badge variant="secondary" className="gap-1">
              <ShieldCheck aria-hidden="true" />
              Executive Access
            </Badge>
          </div>
        </div>
      }
    />
  );
}
