// Import rules checked in CI (`npm run lint:deps`): no circle anywhere, and the API's layers only ever import downwards.
// Each rule has a probe in e2e/import-rules.spec.ts proving it fires. Decision: docs/decisions/0019-api-layers-and-import-rules.md.

/** The API's folders, top to bottom (CONVENTIONS.md "Layers of the API"). */
const API = "^api/src";
const ENTRY = `${API}/(server|worker|app|deps)\\.ts$`;
/** Tests and their helpers compose whatever they test: the layer rules are about production code (circles count everywhere). */
const TESTS = ["\\.test\\.tsx?$", `${API}/test/`];

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "No import circle anywhere, type-only imports included: split the shared part into a module both import.",
      from: {},
      to: { circular: true },
    },
    {
      name: "api-no-circular-between-domains",
      severity: "error",
      comment:
        "No two service domains import each other: one calls the other through one function, one way (custom agents -> training, chat -> retrieval).",
      scope: "folder",
      from: { path: `${API}/services/` },
      to: { circular: true, viaOnly: { path: `${API}/services/` } },
    },
    {
      name: "api-entry-points-on-top",
      severity: "error",
      comment:
        "server.ts, worker.ts, app.ts and deps.ts compose the API: nothing below them imports them (take what you need from Deps).",
      from: { path: `${API}/`, pathNot: [ENTRY, ...TESTS] },
      to: { path: ENTRY, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "api-routes-are-not-imported-below",
      severity: "error",
      comment: "Routes sit above services: a service, job, provider or library never imports routes/.",
      from: { path: `${API}/`, pathNot: [`${API}/routes/`, ENTRY, ...TESTS] },
      to: { path: `${API}/routes/` },
    },
    {
      name: "api-jobs-are-not-imported-below",
      severity: "error",
      comment:
        "jobs/ holds workers and sweepers that call services: services, routes and providers reach a queue through deps.queues, never jobs/.",
      from: { path: `${API}/`, pathNot: [`${API}/jobs/`, ENTRY, ...TESTS] },
      to: { path: `${API}/jobs/` },
    },
    {
      name: "api-services-stay-above-providers",
      severity: "error",
      comment:
        "Providers, the queue layer, auth, ingestion, the text-search library, db and lib sit below services and never import them.",
      from: {
        path: `${API}/(providers|queues|auth|ingestion|text-search|db|lib)/|${API}/(env|paths)\\.ts$`,
        pathNot: TESTS,
      },
      to: { path: `${API}/services/` },
    },
    {
      name: "api-pure-libraries-stay-pure",
      severity: "error",
      comment:
        "ingestion/ and text-search/ are pure libraries: they import only each other (text-search never ingestion), db/, lib/ and env.",
      from: { path: `${API}/(ingestion|text-search)/`, pathNot: TESTS },
      to: { path: `${API}/(providers|queues|auth|routes|jobs)/` },
    },
    {
      name: "api-text-search-is-a-leaf",
      severity: "error",
      comment:
        "The text-search library (the lexical analyzer) is a leaf: ingestion, retrieval and the trainer use it.",
      from: { path: `${API}/text-search/`, pathNot: TESTS },
      to: { path: `${API}/(ingestion|services|providers|queues|auth|routes|jobs|db)/` },
    },
    {
      name: "api-base-imports-nothing-above",
      severity: "error",
      comment: "db/, lib/ and env.ts are the bottom layer: they import no other folder of the API.",
      from: { path: `${API}/(db|lib)/|${API}/env\\.ts$`, pathNot: TESTS },
      to: {
        path: `${API}/(providers|queues|auth|ingestion|text-search|services|routes|jobs)/`,
      },
    },
    {
      name: "api-answering-never-imports-training",
      severity: "error",
      comment:
        "Answering a question is retrieval's business: chat and retrieval read trained models through services/retrieval, never services/training.",
      from: { path: `${API}/services/(chat|retrieval|public-api)/`, pathNot: TESTS },
      to: { path: `${API}/services/training` },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: {
      path: [
        "(^|/)node_modules/",
        "(^|/)dist/",
        "(^|/)storybook-static/",
        "(^|/)\\.__mf__temp/",
        "(^|/)\\.data/",
        "\\.d\\.ts$",
        // Nothing imports a test file, so none can close a circle; the layer rules are about production code.
        "\\.(test|spec)\\.tsx?$",
      ],
    },
    tsPreCompilationDeps: true,
    parser: "swc",
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".jsx", ".json"],
    },
    skipAnalysisNotInRules: true,
  },
};
