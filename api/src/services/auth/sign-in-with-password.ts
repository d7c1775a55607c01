// Checks an email and password against the built-in accounts, revealing nothing about which part was wrong.
import { eq } from "drizzle-orm";
import { timingSafeDummyHash, verifyPassword } from "../../auth/password";
import type { Db } from "../../db/create-database";
import { passwordCredentials, type UserRow, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";

const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password";

export async function signInWithPassword({
  db,
  email,
  password,
}: {
  db: Db;
  email: string;
  password: string;
}): Promise<UserRow> {
  const [row] = await db
    .select({ user: users, passwordHash: passwordCredentials.passwordHash })
    .from(users)
    .innerJoin(passwordCredentials, eq(passwordCredentials.userId, users.id))
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  // Verify against a dummy hash for unknown emails so response time does not reveal registered addresses.
  const valid = await verifyPassword(row?.passwordHash ?? (await timingSafeDummyHash()), password);
  if (!row || !valid) throw new AppError("INVALID_CREDENTIALS", INVALID_CREDENTIALS_MESSAGE);
  return row.user;
}
