// A real OpenID Connect provider (oidc-provider) on a local port, with its development login and consent screens.
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export type IdentityProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop: () => Promise<void>;
};

type Profile = { given_name: string; family_name: string; email: string };

/** Every account id typed into the login screen gets `profile`; the provider allows only `redirectUri`. */
export async function startIdentityProvider(
  redirectUri: string,
  profile: Profile,
): Promise<IdentityProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "agent-control-panel";
  const clientSecret = "a-client-secret-long-enough-for-the-provider";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        // Where the provider returns after RP-initiated logout: the app's front page.
        post_logout_redirect_uris: [`${new URL(redirectUri).origin}/`],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, email_verified: true, ...profile }),
    }),
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: ["e2e-identity-provider-cookie-key"] },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
