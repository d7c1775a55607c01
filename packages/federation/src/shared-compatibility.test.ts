// A remote's manifest is checked against the versions the page provides: another major of a singleton is named.
import { describe, expect, it } from "vitest";
import { incompatibleSingletons } from "./shared-compatibility";

const provided = (versions: Record<string, string[]>) => (name: string) => versions[name] ?? [];

describe("incompatibleSingletons", () => {
  it("accepts a remote whose ranges the page's versions satisfy", () => {
    expect(
      incompatibleSingletons(
        [
          { name: "react", singleton: true, requiredVersion: "^19.3.1" },
          { name: "react-dom", singleton: true, requiredVersion: "^19.0.0" },
        ],
        provided({ react: ["19.3.1"], "react-dom": ["19.3.1"] }),
      ),
    ).toEqual([]);
  });

  it("names each singleton built for another major version, with what the page provides", () => {
    expect(
      incompatibleSingletons(
        [
          { name: "react", singleton: true, requiredVersion: "^20.0.0" },
          { name: "@tanstack/react-query", singleton: true, requiredVersion: "^5.108.0" },
        ],
        provided({ react: ["19.3.1"], "@tanstack/react-query": ["5.108.0"] }),
      ),
    ).toEqual(["react ^20.0.0 (this page provides 19.3.1)"]);
  });

  it("leaves non-singletons, packages without a range and packages the page has not provided yet alone", () => {
    expect(
      incompatibleSingletons(
        [
          { name: "lodash", singleton: false, requiredVersion: "^5.0.0" },
          { name: "react", singleton: true, requiredVersion: false },
          { name: "@acp/router", singleton: true, requiredVersion: "^2.0.0" },
        ],
        provided({ lodash: ["4.17.21"], react: ["19.3.1"] }),
      ),
    ).toEqual([]);
  });
});
