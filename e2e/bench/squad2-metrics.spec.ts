// The TypeScript port of squad_qa.py and eval_product.py's sampling (squad2-metrics.ts) against the Python files
// themselves: the same 400 questions chosen, the same baseline answers for every question of the folder, the same
// metric lines, and a run file scored the same by both. Needs python3 and ../shared/benchmarks/squad2; skipped with a
// message when either is missing.
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baselines,
  cleanAnswer,
  containsAnswer,
  f1Score,
  loadDocuments,
  loadQuestions,
  metricLine,
  normalizeAnswer,
  normalizeSpaced,
  pyFixed,
  type RunRecord,
  runFileText,
  SQUAD2_DIR,
  sampleQuestions,
  scoreRun,
  splitSentences,
  squad2Available,
} from "./squad2-metrics";

const python = spawnSync("python3", ["--version"], { encoding: "utf8" });
const pythonHere = !python.error && python.status === 0;
const ready = pythonHere && squad2Available();

/** Runs Python in the SQuAD folder with its modules importable; stdout. */
function py(code: string): string {
  const result = spawnSync("python3", ["-c", `import sys; sys.dont_write_bytecode = True\n${code}`], {
    cwd: SQUAD2_DIR,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    timeout: 300_000,
  });
  if (result.status !== 0) throw new Error(`python3 failed: ${result.stderr}`);
  return result.stdout;
}

describe("squad_qa.py port, worked examples (no Python needed)", () => {
  it("normalises, matches and scores as the scorer's selftest says", () => {
    expect(normalizeAnswer("  A  cat,  an apple. ")).toBe("cat apple");
    expect(normalizeAnswer("Anglo-Saxon")).toBe("anglosaxon");
    expect(normalizeAnswer("1973–74")).toBe("1973–74");
    expect(normalizeSpaced("1973–74, Anglo-Saxon")).toBe("1973 74 anglo saxon");
    expect(f1Score("in the 10th century", "10th and 11th centuries")).toBeCloseTo(2 / 7, 12);
    expect(f1Score("a a b", "a b b")).toBeCloseTo(2 / 3, 12);
    expect(containsAnswer("It was built in 1000.", "100")).toBe(false);
    expect(containsAnswer("The crisis of 1973–74 began in October.", "1973")).toBe(true);
    expect(containsAnswer("Japanese imports", "Japan")).toBe(false);
    expect(cleanAnswer("A \\*bold\\* \\[1\\] claim [1, 2]")).toBe("A *bold* [1] claim");
    expect(
      splitSentences(
        "St. Peter's was built c. 1500 by Mr. J. Smith. It cost $5.5 million. Did it? Yes! " +
          'The U.S. Army came in Jan. 1944. "Quoted." Then more. Trinity-St. Paul\'s stands.',
      ),
    ).toEqual([
      "St. Peter's was built c. 1500 by Mr. J. Smith.",
      "It cost $5.5 million.",
      "Did it?",
      "Yes!",
      "The U.S. Army came in Jan. 1944.",
      '"Quoted."',
      "Then more.",
      "Trinity-St. Paul's stands.",
    ]);
    expect([pyFixed(0.0625, 3), pyFixed(0.1875, 3), pyFixed(12.25, 1), pyFixed(0.4567, 3)]).toEqual([
      "0.062",
      "0.188",
      "12.2",
      "0.457",
    ]);
  });
});

describe.skipIf(!ready)("squad_qa.py port against the Python scorer", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "squad2-port-"));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("samples the same questions as eval_product.py --limit (400, 201, 40)", () => {
    const questions = loadQuestions();
    for (const limit of [400, 201, 40]) {
      const ours = sampleQuestions(questions, limit).map((q) => q.id);
      const theirs = py(
        `import eval_product as e, squad_qa as qa\nprint("\\n".join(q["id"] for q in e.sample_questions(qa.load_questions(), ${limit})))`,
      )
        .trim()
        .split("\n");
      expect(ours).toEqual(theirs);
    }
  });

  it("gives every question of the folder the Python baselines' answers and metric lines", async () => {
    const runDir = path.join(dir, "baselines");
    const printed = py(`import squad_qa as qa\nqa.main(["--run-out", ${JSON.stringify(runDir)}])`);
    const results = baselines(loadDocuments(), loadQuestions());
    for (const { name, run, metrics } of results) {
      expect(printed).toContain(`${metricLine(name, metrics)}\n`);
      const theirs = (await readFile(path.join(runDir, `${name}.jsonl`), "utf8"))
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as RunRecord);
      const differing = theirs.filter((record) => {
        const ours = run.get(record.id);
        return (
          ours?.answer !== record.answer ||
          ours.abstained !== record.abstained ||
          JSON.stringify(ours.cited) !== JSON.stringify(record.cited)
        );
      });
      expect(differing.map((record) => record.id)).toEqual([]);
    }
  }, 300_000);

  it("scores a run file (markers, escapes, abstentions, missing questions) as squad_qa.py --score --subset does", async () => {
    const questions = loadQuestions();
    const asked = sampleQuestions(questions, 400);
    const docs = loadDocuments();
    // Answers of every kind: a baseline's sentence with markers and Markdown escapes added, a long quote, an
    // abstention, a few questions left out.
    const plain = baselines(docs, asked)[0]?.run ?? new Map<string, RunRecord>();
    const records: RunRecord[] = asked.slice(0, 390).map((q, i) => {
      const base = plain.get(q.id) ?? { id: q.id, answer: "", abstained: true, cited: [] };
      if (i % 7 === 0) return { id: q.id, answer: "I couldn't find this.", abstained: true, cited: [] };
      if (i % 5 === 0) return { ...base, answer: `${base.answer.replace(/([*_[\]])/g, "\\$1")} [1, 2]` };
      if (i % 11 === 0) return { ...base, answer: `${(docs.get(q.article) ?? [])[q.paragraph] ?? ""} [3]` };
      return { ...base, answer: `${base.answer} [1]` };
    });
    const file = path.join(dir, "run.jsonl");
    await writeFile(file, runFileText(records));
    const theirs = py(
      `import squad_qa as qa\nqa.main(["--score", ${JSON.stringify(file)}, "--subset", "--name", "port"])`,
    )
      .trim()
      .split("\n")
      .at(-1);
    const ours = metricLine("port", scoreRun(asked, new Map(records.map((r) => [r.id, r])), true));
    expect(ours).toBe(theirs);
  }, 120_000);
});

if (!ready) {
  it.skip(`squad_qa.py port against the Python scorer: skipped, ${pythonHere ? `no SQuAD folder at ${SQUAD2_DIR}` : "python3 is not installed"}`, () => {});
}
