// Makes a new API key: 32 random bytes in base32 behind a recognisable prefix, its SHA-256 and its preview.
import { API_KEY_PREFIX } from "@acp/contracts/api-access";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { apiKeyHash } from "../../auth/api-key-token";

/** 256 bits from the platform's CSPRNG: as strong as the SHA-256 it is stored as. */
const API_KEY_RANDOM_BYTES = 32;

type GeneratedApiKey = {
  /** The full key: returned once, in the creation response, and never stored. */
  key: string;
  /** What api_keys.key_hash holds. */
  keyHash: string;
  /** The prefix and the last four characters, e.g. "acp_live_…9f3a". */
  keyPreview: string;
};

export function generateApiKey(): GeneratedApiKey {
  const secret = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(API_KEY_RANDOM_BYTES)));
  const key = `${API_KEY_PREFIX}${secret}`;
  return { key, keyHash: apiKeyHash(key), keyPreview: `${API_KEY_PREFIX}…${key.slice(-4)}` };
}
