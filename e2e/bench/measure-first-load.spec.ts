// The first-load measure tells the federation plugin's own files from the application's, for the floor it prints.
import { describe, expect, it } from "vitest";
import { isFederationPlumbing } from "./measure-first-load";

const code = (text: string) => Buffer.from(text);

describe("the federation plugin's own files", () => {
  it("are the remote entries, the init glue, the import maps, preload helpers and a remote's share proxies", () => {
    for (const path of [
      "/remoteEntry-DI-s0Ks0.js",
      "/mf/mf-knowledge/remoteEntry.js",
      "/assets/hostInit-xvzGHCmi.js",
      "/assets/mf-entry-bootstrap-0-029a03a8.js",
      "/assets/pendingShares-B6YbZ70I.js",
      "/mf/mf-agents/assets/vite-preload-helper-DclECHGd.js",
      "/mf/mf-agents/assets/_virtual_mf-localSharedImportMap___mfe_internal__mf_mf_2_agents__mf_owner__1-DKcOvEuL.js",
      "/assets/_virtual_mf___mfe_internal__shell__mf_owner__151272381659835__loadShare__shared-DUeZ5WTL.js",
      "/mf/mf-agents/assets/_virtual_mf___mfe_internal__mf_mf_2_agents__mf_owner__93275012103665__loadShare___mf_0_acp_mf_1_ui_mf_1_kit__loadShare__-BFujWyyQ.js",
    ]) {
      expect(isFederationPlumbing(path, code("export{}")), path).toBe(true);
    }
  });

  it("include the runtime and each remote's shim of it, told by what they read", () => {
    expect(isFederationPlumbing("/assets/dist-B9u6fEL5.js", code("var t=`FEDERATION_DEBUG`"))).toBe(true);
    expect(
      isFederationPlumbing(
        "/mf/mf-knowledge/assets/dist-DwMj.js",
        code("globalThis._FEDERATION_RUNTIME_CORE"),
      ),
    ).toBe(true);
  });

  it("leave out the shared code the shell provides and every application chunk", () => {
    for (const path of [
      "/assets/_virtual_mf___mfe_internal__shell__mf_owner__151272381659835__loadShare___mf_0_acp_mf_1_ui_mf_1_kit__loadShare__.js-CEghZ9wN.js",
      "/assets/dist-C1TBrW3i.js",
      "/mf/mf-agents/assets/chat-card-DL_Whnw7.js",
      "/assets/signed-in-app-DN1e4OfO.js",
    ]) {
      expect(isFederationPlumbing(path, code("export const a=1")), path).toBe(false);
    }
  });
});
