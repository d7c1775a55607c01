// Test support: documents with enough running text to train on, generated (deterministic) in the tests themselves.
import { seededRandom as random } from "../lib/seeded-random";

// Each document is about one topic: its sentences mix the topic's own words with words every topic shares, so a
// sentence's passage can be found again, but not trivially.

const TOPICS: readonly (readonly string[])[] = [
  [
    "turbine",
    "bearing",
    "lubricant",
    "vibration",
    "rotor",
    "gearbox",
    "nacelle",
    "torque",
    "inspection",
    "blade",
  ],
  [
    "invoice",
    "payment",
    "supplier",
    "ledger",
    "remittance",
    "purchase",
    "accrual",
    "reconciliation",
    "tax",
    "credit",
  ],
  [
    "onboarding",
    "employee",
    "mentor",
    "badge",
    "laptop",
    "orientation",
    "payroll",
    "benefits",
    "handbook",
    "manager",
  ],
  [
    "pipeline",
    "prospect",
    "quota",
    "territory",
    "renewal",
    "discount",
    "forecast",
    "champion",
    "demo",
    "procurement",
  ],
  [
    "contract",
    "indemnity",
    "liability",
    "termination",
    "clause",
    "warranty",
    "jurisdiction",
    "notice",
    "breach",
    "arbitration",
  ],
  [
    "satellite",
    "orbit",
    "antenna",
    "telemetry",
    "payload",
    "launch",
    "ground",
    "station",
    "uplink",
    "transponder",
  ],
  ["vaccine", "dose", "clinic", "trial", "placebo", "antibody", "cohort", "immunity", "booster", "efficacy"],
  [
    "warehouse",
    "pallet",
    "forklift",
    "inventory",
    "shipment",
    "dock",
    "carrier",
    "picking",
    "barcode",
    "replenishment",
  ],
];

const SHARED = [
  "team",
  "quarter",
  "process",
  "review",
  "report",
  "policy",
  "customer",
  "schedule",
  "quality",
  "budget",
  "risk",
  "update",
];

const TEMPLATES: readonly ((w: readonly string[]) => string)[] = [
  (w) => `The ${w[0]} ${w[4]} must be checked against the ${w[1]} before the ${w[5]} ${w[2]}.`,
  (w) => `Every ${w[5]} the ${w[4]} writes a ${w[3]} ${w[6]} about the ${w[0]} and the ${w[1]}.`,
  (w) => `When the ${w[2]} changes, the ${w[0]} ${w[7]} is updated and the ${w[3]} is told.`,
  (w) => `A ${w[1]} without a ${w[2]} slows the ${w[0]} ${w[4]} for the whole ${w[5]}.`,
  (w) => `Our ${w[6]} says the ${w[3]} ${w[0]} needs a second ${w[1]} ${w[7]}.`,
  (w) => `The ${w[2]} and the ${w[3]} share one ${w[0]} ${w[6]} reviewed by the ${w[4]}.`,
];

/**
 * `documents` documents (topics taken in turn), each `passages` passages of `sentences` sentences: a list of
 * passages per document, ready for indexTexts (one chunk per passage).
 */
export function trainingCorpus({
  documents,
  passages = 4,
  sentences = 8,
  seed = 7,
}: {
  documents: number;
  passages?: number;
  sentences?: number;
  seed?: number;
}): string[][] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  return Array.from({ length: documents }, (_, d) => {
    const topic = TOPICS[d % TOPICS.length] ?? [];
    return Array.from({ length: passages }, (_, p) => {
      const lines = Array.from({ length: sentences }, () => {
        const words = [
          pick(topic),
          pick(topic),
          pick(topic),
          pick(SHARED),
          pick(SHARED),
          pick(SHARED),
          pick(SHARED),
          pick(topic),
        ];
        return pick(TEMPLATES)(words);
      });
      return `${topic[0]} notes, part ${p + 1} of document ${d + 1}.\n\n${lines.join(" ")}`;
    });
  });
}
