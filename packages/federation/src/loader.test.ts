// The remote loader rejects on timeout and on load errors, retries for real after a failure and reads the registry once.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createRemoteLoader,
  type FederationRuntime,
  moduleFileUrls,
  parseRemoteRegistry,
  RemoteLoadError,
  readableRuntimeError,
} from "./loader";

const registry = {
  "mf-knowledge": "/mf/mf-knowledge/mf-manifest.json",
  "mf-api": "/mf/mf-api/mf-manifest.json",
};

function fakeRuntime(loadRemote: FederationRuntime["loadRemote"]) {
  return { registerRemotes: vi.fn<FederationRuntime["registerRemotes"]>(), loadRemote: vi.fn(loadRemote) };
}

const compatible = async () => undefined;

describe("createRemoteLoader", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("registers every remote of the registry once and loads by '<remote>/<module>'", async () => {
    const page = { default: () => null };
    const runtime = fakeRuntime(async () => page);
    const getRegistry = vi.fn(async () => registry);
    const loader = createRemoteLoader({ getRegistry, runtime, checkShared: compatible });

    await expect(loader.loadRemoteModule("mf-knowledge", "./KnowledgePage")).resolves.toBe(page);
    await loader.loadRemoteModule("mf-api", "./ApiManagementPage");

    expect(getRegistry).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledExactlyOnceWith([
      { name: "mf-knowledge", entry: "/mf/mf-knowledge/mf-manifest.json" },
      { name: "mf-api", entry: "/mf/mf-api/mf-manifest.json" },
    ]);
    expect(runtime.loadRemote).toHaveBeenCalledWith("mf-knowledge/KnowledgePage");
    expect(runtime.loadRemote).toHaveBeenCalledWith("mf-api/ApiManagementPage");
  });

  it("says when no module load is in flight any more, failed loads included", async () => {
    const arrivals: Record<string, () => void> = {};
    const runtime = fakeRuntime(
      (id) =>
        new Promise((resolve, reject) => {
          arrivals[id] = id.startsWith("mf-api")
            ? () => reject(new Error("down"))
            : () => resolve({ default: () => null });
        }),
    );
    const loader = createRemoteLoader({
      getRegistry: async () => registry,
      runtime,
      checkShared: compatible,
    });
    await expect(loader.remoteLoadsSettled()).resolves.toBeUndefined();

    const page = loader.loadRemoteModule("mf-knowledge", "./KnowledgePage");
    const keys = loader.loadRemoteModule("mf-api", "./ApiKeys").catch(() => "failed");
    let settled = false;
    void loader.remoteLoadsSettled().then(() => {
      settled = true;
    });
    await vi.waitFor(() => expect(Object.keys(arrivals)).toHaveLength(2));
    arrivals["mf-knowledge/KnowledgePage"]?.();
    await page;
    expect(settled).toBe(false);
    arrivals["mf-api/ApiKeys"]?.();
    await expect(keys).resolves.toBe("failed");
    await vi.waitFor(() => expect(settled).toBe(true));
  });

  it("refuses a remote built for another major version of a shared singleton, in the console and the card", async () => {
    const runtime = fakeRuntime(async () => ({ default: () => null }));
    const checkShared = vi.fn(async (remote: string) =>
      remote === "mf-api" ? "mf-api was built for react ^20.0.0 (this page provides 19.3.1)" : undefined,
    );
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const loader = createRemoteLoader({ getRegistry: async () => registry, runtime, checkShared });

    await expect(loader.loadRemoteModule("mf-api", "./ApiKeys")).rejects.toMatchObject({
      remote: "mf-api",
      reason: "mf-api was built for react ^20.0.0 (this page provides 19.3.1)",
    });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("react ^20.0.0"));
    await expect(loader.loadRemoteModule("mf-knowledge", "./KnowledgePage")).resolves.toBeDefined();
    // One manifest read per remote, however many of its modules load.
    await loader.loadRemoteModule("mf-knowledge", "./DocumentUpload");
    expect(checkShared.mock.calls.filter(([remote]) => remote === "mf-knowledge")).toHaveLength(1);
    errors.mockRestore();
  });

  it("rejects a hung remote after the timeout with a readable reason", async () => {
    const runtime = fakeRuntime(() => new Promise(() => {}));
    const loader = createRemoteLoader({
      getRegistry: async () => registry,
      runtime,
      checkShared: compatible,
    });

    const loading = loader.loadRemoteModule("mf-knowledge", "./KnowledgePage", { timeoutMs: 3000 });
    const outcome = expect(loading).rejects.toThrow(RemoteLoadError);
    await vi.advanceTimersByTimeAsync(2999);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    await expect(loading).rejects.toMatchObject({ remote: "mf-knowledge", reason: "no answer within 3 s" });
  });

  it("rejects with the runtime's error and re-registers the remote on the next attempt", async () => {
    const page = { default: () => null };
    const runtime = fakeRuntime(
      vi.fn().mockRejectedValueOnce(new Error("Failed to fetch")).mockResolvedValue(page),
    );
    const loader = createRemoteLoader({
      getRegistry: async () => registry,
      runtime,
      checkShared: compatible,
    });

    await expect(loader.loadRemoteModule("mf-knowledge", "./KnowledgePage")).rejects.toMatchObject({
      reason: "Failed to fetch",
    });
    await expect(loader.loadRemoteModule("mf-knowledge", "./KnowledgePage")).resolves.toBe(page);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: "mf-knowledge", entry: "/mf/mf-knowledge/mf-manifest.json" }],
      { force: true },
    );
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
  });

  it("caches a loaded module and shares one in-flight load", async () => {
    const runtime = fakeRuntime(async () => ({ default: () => null }));
    const loader = createRemoteLoader({
      getRegistry: async () => registry,
      runtime,
      checkShared: compatible,
    });
    const [a, b] = await Promise.all([
      loader.loadRemoteModule("mf-api", "./ApiManagementPage"),
      loader.loadRemoteModule("mf-api", "./ApiManagementPage"),
    ]);
    expect(a).toBe(b);
    await loader.loadRemoteModule("mf-api", "./ApiManagementPage");
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
  });

  it("rejects when the remote is missing from the registry or answers no module", async () => {
    const runtime = fakeRuntime(async () => undefined);
    const loader = createRemoteLoader({
      getRegistry: async () => registry,
      runtime,
      checkShared: compatible,
    });
    await expect(loader.loadRemoteModule("mf-training", "./TrainingPage")).rejects.toMatchObject({
      reason: '"mf-training" is not listed in /remotes.json',
    });
    await expect(loader.loadRemoteModule("mf-api", "./ApiManagementPage")).rejects.toMatchObject({
      reason: "the remote answered no module",
    });
  });

  it("reads the registry again after it failed", async () => {
    const getRegistry = vi
      .fn()
      .mockRejectedValueOnce(new Error("502 Bad Gateway"))
      .mockResolvedValue(registry);
    const runtime = fakeRuntime(async () => ({ default: () => null }));
    const loader = createRemoteLoader({ getRegistry, runtime, checkShared: compatible });
    await expect(loader.loadRemoteModule("mf-api", "./ApiManagementPage")).rejects.toMatchObject({
      reason: "the remote registry could not be read (502 Bad Gateway)",
    });
    await expect(loader.loadRemoteModule("mf-api", "./ApiManagementPage")).resolves.toMatchObject({
      default: expect.any(Function),
    });
    expect(getRegistry).toHaveBeenCalledTimes(2);
  });

  it("preloadRemote swallows errors", async () => {
    const runtime = fakeRuntime(async () => {
      throw new Error("down");
    });
    const loader = createRemoteLoader({
      getRegistry: async () => registry,
      runtime,
      checkShared: compatible,
    });
    loader.preloadRemote("mf-api", "./ApiManagementPage");
    await vi.runAllTimersAsync();
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
  });
});

/** The shape of a built remote's mf-manifest.json, trimmed to what prefetching reads. */
const manifest = {
  metaData: { publicPath: "auto", remoteEntry: { name: "remoteEntry.js", path: "" } },
  exposes: [
    {
      path: "./KnowledgePage",
      assets: { js: { sync: ["assets/dist-1.js", "assets/page-2.js"], async: ["assets/chart-3.js"] } },
    },
    {
      path: "./DocumentUpload",
      assets: { js: { sync: ["assets/dist-1.js", "assets/upload-4.js"], async: [] } },
    },
  ],
};

describe("moduleFileUrls", () => {
  it("lists the remoteEntry and a module's scripts beside the manifest, leaving its lazy chunks out", () => {
    expect(
      moduleFileUrls(manifest, "http://host/mf/mf-knowledge/mf-manifest.json", "./KnowledgePage"),
    ).toEqual([
      "http://host/mf/mf-knowledge/remoteEntry.js",
      "http://host/mf/mf-knowledge/assets/dist-1.js",
      "http://host/mf/mf-knowledge/assets/page-2.js",
    ]);
  });

  it("resolves against an explicit publicPath and answers nothing for a module the manifest does not list", () => {
    const moved = { ...manifest, metaData: { ...manifest.metaData, publicPath: "https://cdn.example/k/" } };
    expect(moduleFileUrls(moved, "http://host/mf-manifest.json", "./DocumentUpload")).toEqual([
      "https://cdn.example/k/remoteEntry.js",
      "https://cdn.example/k/assets/dist-1.js",
      "https://cdn.example/k/assets/upload-4.js",
    ]);
    expect(moduleFileUrls(manifest, "http://host/mf-manifest.json", "./Nope")).toEqual([]);
    expect(moduleFileUrls("not a manifest", "http://host/mf-manifest.json", "./KnowledgePage")).toEqual([]);
  });
});

describe("prefetchRemote", () => {
  it("asks the browser for each file once, runs nothing, and skips modules already loaded", async () => {
    const runtime = fakeRuntime(async () => ({ default: () => null }));
    const prefetch = vi.fn<(url: string) => void>();
    const readManifest = vi.fn(async () => manifest);
    const loader = createRemoteLoader({
      getRegistry: async () => ({ "mf-knowledge": "http://host/mf/mf-knowledge/mf-manifest.json" }),
      runtime,
      checkShared: compatible,
      readManifest,
      prefetch,
    });

    await loader.prefetchRemote("mf-knowledge", "./KnowledgePage");
    await loader.prefetchRemote("mf-knowledge", "./DocumentUpload");
    expect(prefetch.mock.calls.map(([url]) => url)).toEqual([
      "http://host/mf/mf-knowledge/remoteEntry.js",
      "http://host/mf/mf-knowledge/assets/dist-1.js",
      "http://host/mf/mf-knowledge/assets/page-2.js",
      "http://host/mf/mf-knowledge/assets/upload-4.js",
    ]);
    expect(runtime.loadRemote).not.toHaveBeenCalled();

    await loader.loadRemoteModule("mf-knowledge", "./VectorDatabaseCard");
    readManifest.mockClear();
    await loader.prefetchRemote("mf-knowledge", "./VectorDatabaseCard");
    expect(readManifest).not.toHaveBeenCalled();
  });

  it("drops errors: an unreadable manifest or a remote missing from the registry prefetches nothing", async () => {
    const prefetch = vi.fn<(url: string) => void>();
    const loader = createRemoteLoader({
      getRegistry: async () => ({ "mf-knowledge": "http://host/mf-manifest.json" }),
      runtime: fakeRuntime(async () => ({})),
      checkShared: compatible,
      readManifest: async () => {
        throw new Error("503");
      },
      prefetch,
    });
    await expect(loader.prefetchRemote("mf-knowledge", "./KnowledgePage")).resolves.toBeUndefined();
    await expect(loader.prefetchRemote("mf-api", "./ApiKeys")).resolves.toBeUndefined();
    expect(prefetch).not.toHaveBeenCalled();
  });
});

describe("parseRemoteRegistry", () => {
  it("accepts a map of names to manifest URLs", () => {
    expect(parseRemoteRegistry(registry)).toEqual(registry);
  });

  it("refuses other shapes", () => {
    expect(() => parseRemoteRegistry([])).toThrow();
    expect(() => parseRemoteRegistry(null)).toThrow();
    expect(() => parseRemoteRegistry({ "mf-api": 3 })).toThrow(/non-empty string/);
  });
});

describe("readableRuntimeError", () => {
  it("keeps the gist of a federation runtime error", () => {
    const message =
      '[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003 args: {"manifestUrl":"http://127.0.0.1:9/mf-manifest.json","moduleName":"mf-knowledge","hostName":"shell"} View the docs to see how to solve: https://module-federation.io/guide/troubleshooting/runtime#runtime-003 Original Error Message: TypeError: Failed to fetch';
    expect(readableRuntimeError(message)).toBe(
      "Failed to get manifest (http://127.0.0.1:9/mf-manifest.json): TypeError: Failed to fetch",
    );
  });

  it("leaves other messages alone", () => {
    expect(readableRuntimeError("Failed to fetch")).toBe("Failed to fetch");
  });
});
