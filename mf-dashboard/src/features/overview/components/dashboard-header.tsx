// The dashboard header: title, subtitle, and the signed-in user's avatar, name and "Executive Access".

import type { User } from "@acp/contracts/entities";
import { Avatar, AvatarFallback, AvatarImage, getInitials } from "@acp/ui/components/avatar";
import { Badge } from "@acp/ui/components/badge";
import { PageHeader } from "@acp/ui/components/page-header";
import { Skeleton } from "@acp/ui/components/skeleton";
import { ShieldCheck } from "lucide-react";
import { useAuth } from "../api/get-current-user";

export function DashboardHeader() {
  const { user } = useAuth();
  return <DashboardHeaderView user={user} />;
}

/**
 * The header for a known user, or with the user's card as a placeholder (`user` undefined): the page head the build
 * renders for the server to put into the first HTML (src/page-heads.tsx).
 */
export function DashboardHeaderView({ user }: { user: User | null | undefined }) {
  return (
    <PageHeader
      title="Executive AI Command Center"
      description="Complete suite with no restrictions"
      actions={
        <div className="flex items-center gap-3 rounded-xl border bg-card px-4 py-3 shadow-sm">
          {user === undefined ? <UserCardPlaceholder /> : <UserCard user={user} />}
        </div>
      }
    />
  );
}

function UserCard({ user }: { user: User | null }) {
  const name = [user?.firstName?.trim() || "User", user?.lastName?.trim()].filter(Boolean).join(" ");
  return (
    <>
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
    </>
  );
}

/** The card's shape while the user is not known: an avatar, a name and the badge, as blocks. */
function UserCardPlaceholder() {
  return (
    <>
      <Skeleton className="size-10 rounded-full" />
      <div className="flex flex-col gap-1">
        <Skeleton className="h-3.5 w-28" />
        <Skeleton className="h-5.5 w-32" />
      </div>
    </>
  );
}
