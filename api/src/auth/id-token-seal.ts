// Seals the OIDC ID token kept for logout with a key only the session cookie's holder has (AES-256-GCM, HKDF).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const SALT = "acp:oidc-id-token";

/**
 * The key comes from the session token itself (160 random bits), which the database never sees (it stores the
 * token's SHA-256): a leaked sessions table yields neither usable cookies nor readable ID tokens.
 */
function keyFor(sessionToken: string): Buffer {
  return Buffer.from(hkdfSync("sha256", sessionToken, SALT, VERSION, 32));
}

/** `v1.<base64url(iv | ciphertext | tag)>`, bound to this session token. */
export function sealIdToken(idToken: string, sessionToken: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(sessionToken), iv);
  const sealed = Buffer.concat([iv, cipher.update(idToken, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${sealed.toString("base64url")}`;
}

/** The ID token, or undefined when the value was not sealed with this session token (or was tampered with). */
export function openIdToken(sealed: string | null | undefined, sessionToken: string): string | undefined {
  if (!sealed?.startsWith(`${VERSION}.`)) return undefined;
  const bytes = Buffer.from(sealed.slice(VERSION.length + 1), "base64url");
  if (bytes.length < 12 + 16) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(sessionToken), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    return undefined;
  }
}
