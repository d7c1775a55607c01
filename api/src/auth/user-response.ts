// Maps a user row to the `User` the API returns (userSchema in @acp/contracts/entities).
import type { User } from "@acp/contracts/entities";
import type { UserRow } from "../db/schema";
import { initialsAvatarUrl } from "./initials-avatar";

export function toUserResponse(user: UserRow): User {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl ?? initialsAvatarUrl(user),
  };
}
