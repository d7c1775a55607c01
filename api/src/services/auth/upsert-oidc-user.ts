// Finds or creates the user behind an OpenID Connect identity and refreshes their profile from the provider.
import { and, eq } from "drizzle-orm";
import type { OidcProfile } from "../../auth/oidc";
import type { Db } from "../../db/create-database";
import { isUniqueViolation } from "../../db/errors";
import { oidcAccounts, type UserRow, users } from "../../db/schema";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function emailOwner(tx: Tx, email: string | null): Promise<string | undefined> {
  if (!email) return undefined;
  const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  return owner?.id;
}

async function upsertOnce(db: Db, profile: OidcProfile): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const names = {
      firstName: profile.givenName,
      lastName: profile.familyName,
      profileImageUrl: profile.picture,
    };
    const [linked] = await tx
      .select({ userId: oidcAccounts.userId })
      .from(oidcAccounts)
      .where(and(eq(oidcAccounts.issuer, profile.issuer), eq(oidcAccounts.subject, profile.subject)));

    if (linked) {
      const owner = await emailOwner(tx, profile.email);
      // Take the provider's current email only when no other account holds it.
      const email = owner === undefined || owner === linked.userId ? { email: profile.email } : {};
      const [user] = await tx
        .update(users)
        .set({ ...names, ...email })
        .where(eq(users.id, linked.userId))
        .returning();
      if (!user) throw new Error("linked OIDC user vanished");
      return user;
    }

    // A verified email that matches an existing account links to it; an unverified one never does.
    const owner = await emailOwner(tx, profile.email);
    let user: UserRow | undefined;
    if (owner && profile.emailVerified) {
      [user] = await tx.update(users).set(names).where(eq(users.id, owner)).returning();
    } else {
      [user] = await tx
        .insert(users)
        .values({ ...names, email: owner ? null : profile.email })
        .returning();
    }
    if (!user) throw new Error("OIDC user upsert returned no row");
    await tx
      .insert(oidcAccounts)
      .values({ userId: user.id, issuer: profile.issuer, subject: profile.subject });
    return user;
  });
}

export async function upsertOidcUser({ db, profile }: { db: Db; profile: OidcProfile }): Promise<UserRow> {
  try {
    return await upsertOnce(db, profile);
  } catch (error) {
    // Two first sign-ins of the same identity racing: the second finds the link the first created.
    if (isUniqueViolation(error)) return upsertOnce(db, profile);
    throw error;
  }
}
