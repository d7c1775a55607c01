// index.html preloads what the signed-in app fetches first, exactly as the app's own code asks for it.
import { CURRENT_USER_URL } from "@acp/client/auth";
import { REMOTES_JSON_URL } from "@acp/federation/loader";
import { describe, expect, it } from "vitest";
import * as preload from "./preload-signed-in";

describe("signedInPreloadTags", () => {
  it("spells the URLs the client and the loader fetch", () => {
    expect(preload.CURRENT_USER_URL).toBe(CURRENT_USER_URL);
    expect(preload.REMOTES_JSON_URL).toBe(REMOTES_JSON_URL);
  });

  it("preloads the user with credentials, the registry same-origin, and each chunk as a module", () => {
    const tags = preload.signedInPreloadTags("/", ["assets/signed-in-app-x.js"]);
    expect(tags.map((tag) => tag.attrs)).toEqual([
      { rel: "preload", as: "fetch", href: CURRENT_USER_URL, crossorigin: "use-credentials" },
      { rel: "preload", as: "fetch", href: REMOTES_JSON_URL, crossorigin: "anonymous" },
      { rel: "modulepreload", crossorigin: true, href: "/assets/signed-in-app-x.js" },
    ]);
  });
});
