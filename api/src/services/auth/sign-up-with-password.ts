// Creates a built-in account: user row plus argon2id password hash, refusing an email already registered.
import { eq } from "drizzle-orm";
import { hashPassword } from "../../auth/password";
import { passwordProblem } from "../../auth/password-policy";
import type { Db } from "../../db/create-database";
import { isUniqueViolation } from "../../db/errors";
import { passwordCredentials, type UserRow, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";

const EMAIL_TAKEN_MESSAGE = "An account with this email is already registered";

export async function signUpWithPassword({
  db,
  firstName,
  lastName,
  email,
  password,
}: {
  db: Db;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}): Promise<UserRow> {
  const problem = passwordProblem(password, email);
  if (problem)
    throw new AppError("VALIDATION_ERROR", problem, { details: [{ path: ["password"], message: problem }] });
  const normalizedEmail = email.trim().toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, normalizedEmail));
  if (existing) throw new AppError("EMAIL_TAKEN", EMAIL_TAKEN_MESSAGE);

  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: normalizedEmail, firstName: firstName.trim(), lastName: lastName.trim() })
        .returning();
      if (!user) throw new Error("user insert returned no row");
      await tx.insert(passwordCredentials).values({ userId: user.id, passwordHash });
      return user;
    });
  } catch (error) {
    // Two sign-ups racing for one email: the unique index decides, the loser gets the same answer.
    if (isUniqueViolation(error)) throw new AppError("EMAIL_TAKEN", EMAIL_TAKEN_MESSAGE);
    throw error;
  }
}
