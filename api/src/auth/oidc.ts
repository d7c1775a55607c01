// OpenID Connect sign-in with openid-client v6: discovery, authorization code + PKCE + state + nonce, verified ID token.
import * as client from "openid-client";
import { z } from "zod";
import type { OidcConfig } from "../env";
import { AppError } from "../lib/app-error";

/** The short-lived HttpOnly cookie that carries the flow from /api/login to /api/callback. */
export const OIDC_FLOW_COOKIE = "oidc_flow";
export const OIDC_FLOW_MAX_AGE_S = 600;

/** What we keep in the short-lived HttpOnly flow cookie between /api/login and /api/callback. */
const oidcFlowSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(43),
  returnTo: z.string(),
});
export type OidcFlow = z.infer<typeof oidcFlowSchema>;

export type OidcProfile = {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  picture: string | null;
};

/**
 * The identity provider the API signs people in with (OIDC_ISSUER): its settings, and its discovery document fetched
 * once and kept on this object (createDeps makes one per process; tests can hand in their own).
 */
export type OidcProvider = {
  readonly settings: OidcConfig;
  /** The provider's configuration from discovery; a failed discovery is retried on the next call. */
  configuration: () => Promise<client.Configuration>;
};

export function createOidcProvider(settings: OidcConfig): OidcProvider {
  let discovery: Promise<client.Configuration> | undefined;
  return {
    settings,
    configuration() {
      if (!discovery) {
        const pending = client.discovery(
          new URL(settings.issuer),
          settings.clientId,
          settings.clientSecret,
          settings.clientSecret ? client.ClientSecretPost(settings.clientSecret) : client.None(),
          settings.allowInsecureRequests ? { execute: [client.allowInsecureRequests] } : undefined,
        );
        pending.catch(() => {
          if (discovery === pending) discovery = undefined;
        });
        discovery = pending;
      }
      return discovery.catch((error: unknown) => {
        throw new AppError("OIDC_PROVIDER_ERROR", "The sign-in provider could not be reached", {
          cause: error,
        });
      });
    },
  };
}

/** Builds the provider URL to send the browser to, and the flow secrets to remember until the callback. */
export async function startOidcSignIn({
  provider,
  redirectUri,
  returnTo,
}: {
  provider: OidcProvider;
  redirectUri: string;
  returnTo: string;
}): Promise<{ url: URL; flow: OidcFlow }> {
  const configuration = await provider.configuration();
  const codeVerifier = client.randomPKCECodeVerifier();
  const flow: OidcFlow = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier,
    returnTo,
  };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: "openid email profile",
    response_type: "code",
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state: flow.state,
    nonce: flow.nonce,
  });
  return { url, flow };
}

const stringClaim = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : null;

/**
 * Only http(s) pictures from the configured origins are stored: the URL ends up in an <img src> in the shell, and
 * the CSP's img-src allows those origins only.
 */
const pictureClaim = (value: unknown, allowedOrigins: readonly string[]): string | null => {
  const picture = stringClaim(value);
  if (!picture || !/^https?:\/\//i.test(picture) || !URL.canParse(picture)) return null;
  return allowedOrigins.includes(new URL(picture).origin) ? picture : null;
};

/**
 * Exchanges the code (checking state, PKCE and nonce, verifying the ID token) and reads the profile claims; the raw
 * ID token comes back too, for the id_token_hint of a later logout.
 */
export async function completeOidcSignIn({
  provider,
  callbackUrl,
  flow,
}: {
  provider: OidcProvider;
  callbackUrl: URL;
  flow: OidcFlow;
}): Promise<{ profile: OidcProfile; idToken: string }> {
  const configuration = await provider.configuration();
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    if (error instanceof client.AuthorizationResponseError) {
      throw new AppError(
        "UNAUTHORIZED",
        `Sign-in was not completed: ${error.error_description ?? error.error}`,
        {
          cause: error,
        },
      );
    }
    // A wrong state, a replayed code or an ID token that fails verification: refuse the sign-in.
    if (error instanceof client.ClientError || error instanceof client.ResponseBodyError) {
      throw new AppError("UNAUTHORIZED", "The sign-in response could not be verified: please sign in again", {
        cause: error,
      });
    }
    throw new AppError("OIDC_PROVIDER_ERROR", "The sign-in provider could not be reached", { cause: error });
  }
  const idToken = tokens.claims();
  if (!idToken || !tokens.id_token)
    throw new AppError("OIDC_PROVIDER_ERROR", "The sign-in provider returned no ID token");

  // Providers often keep profile claims out of the ID token and serve them from userinfo instead.
  let userInfo: Record<string, unknown> = {};
  if (tokens.access_token && configuration.serverMetadata().userinfo_endpoint) {
    try {
      userInfo = await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
    } catch {
      // The ID token alone is enough to sign in; a failing userinfo endpoint only costs profile details.
    }
  }
  const claim = (name: string): unknown => idToken[name] ?? userInfo[name];
  const profile: OidcProfile = {
    issuer: idToken.iss,
    subject: idToken.sub,
    email: stringClaim(claim("email"))?.toLowerCase() ?? null,
    emailVerified: claim("email_verified") === true,
    givenName: stringClaim(claim("given_name")),
    familyName: stringClaim(claim("family_name")),
    picture: pictureClaim(claim("picture"), provider.settings.pictureOrigins),
  };
  return { profile, idToken: tokens.id_token };
}

/**
 * Where to send the browser so the provider ends its own session too (OpenID Connect RP-Initiated Logout 1.0), or
 * undefined when its discovery document has no end_session_endpoint or it cannot be reached: signing out of the
 * app must work whatever the provider does. Without an ID token the provider asks the person to confirm.
 */
export async function buildOidcLogoutUrl({
  provider,
  idTokenHint,
  postLogoutRedirectUri,
}: {
  provider: OidcProvider;
  idTokenHint: string | null | undefined;
  postLogoutRedirectUri: string;
}): Promise<URL | undefined> {
  let configuration: client.Configuration;
  try {
    configuration = await provider.configuration();
  } catch {
    return undefined;
  }
  if (!configuration.serverMetadata().end_session_endpoint) return undefined;
  // openid-client adds client_id, which providers need to check post_logout_redirect_uri without a hint.
  return client.buildEndSessionUrl(configuration, {
    post_logout_redirect_uri: postLogoutRedirectUri,
    ...(idTokenHint ? { id_token_hint: idTokenHint } : {}),
  });
}

/** Serialises the flow for its cookie (base64url JSON). */
export function encodeOidcFlow(flow: OidcFlow): string {
  return Buffer.from(JSON.stringify(flow)).toString("base64url");
}

export function decodeOidcFlow(value: string | undefined): OidcFlow | undefined {
  if (!value) return undefined;
  try {
    const parsed = oidcFlowSchema.safeParse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // A tampered or truncated cookie is treated like a missing one.
    return undefined;
  }
}
