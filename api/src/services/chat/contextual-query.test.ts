// Follow-up questions borrow their conversation's subject for retrieval; self-contained ones are searched as asked.
import { describe, expect, it } from "vitest";
import type { HistoryTurn } from "../../providers/chat-model/responder";
import { contextTerms, contextualQuery, isFollowUp } from "./contextual-query";

const history: HistoryTurn[] = [
  { role: "user", content: "What does the Enterprise plan include?" },
  {
    role: "assistant",
    content:
      "The Enterprise plan includes single sign-on and audit logs [1]. Audit logs are kept for a year [2].",
  },
];

describe("isFollowUp", () => {
  it("recognises questions that lean on what came before", () => {
    expect(isFollowUp("and what about its price?")).toBe(true);
    expect(isFollowUp("What does it cost?")).toBe(true);
    expect(isFollowUp("How long are those kept?")).toBe(true);
    expect(isFollowUp("What about Germany?")).toBe(true);
    expect(isFollowUp("Also for students?")).toBe(true);
    expect(isFollowUp("Pricing?")).toBe(true);
    expect(isFollowUp("Why?")).toBe(true);
  });

  it("leaves self-contained questions alone", () => {
    expect(isFollowUp("What is the refund policy for annual subscriptions?")).toBe(false);
    expect(isFollowUp("How many airplanes does the Boeing directive affect?")).toBe(false);
    expect(isFollowUp("Who approves travel expenses above 500 euros?")).toBe(false);
  });
});

describe("contextualQuery", () => {
  it("adds the previous question's subject to a follow-up", () => {
    const query = contextualQuery(history, "and what about its price?");
    expect(query.startsWith("and what about its price?")).toBe(true);
    expect(query).toContain("Enterprise");
    expect(query).toContain("plan");
    // "include" was the previous question's verb: borrowed too, after the subject.
    expect(query.indexOf("Enterprise")).toBeLessThan(query.indexOf("include"));
  });

  it("borrows only recurring words of the last answer, after the question's", () => {
    const { borrowed } = contextTerms(history, "How long are they kept?");
    const words = borrowed.map((term) => term.word.toLowerCase());
    expect(words.slice(0, 3)).toEqual(["enterprise", "plan", "include"]);
    // "audit" and "logs" appear twice in the answer; "sign-on" and "year" once.
    expect(words).toContain("audit");
    expect(words).toContain("logs");
    expect(words).not.toContain("year");
    expect(words).not.toContain("sign-on");
  });

  it("borrows nothing from an answer that cited nothing (a not-found answer)", () => {
    const notFound: HistoryTurn[] = [
      { role: "user", content: "What does the Enterprise plan include?" },
      {
        role: "assistant",
        content:
          "I couldn't find this in the agent's knowledge. Try rephrasing the question, or add a document that covers it. I couldn't find it.",
      },
    ];
    const { borrowed } = contextTerms(notFound, "What about its price?");
    expect(borrowed.map((term) => term.word)).toEqual(["Enterprise", "plan", "include"]);
  });

  it("reaches back past a previous follow-up to the question that set the subject", () => {
    const thread: HistoryTurn[] = [
      { role: "user", content: "What are the Enterprise plan's support hours?" },
      { role: "assistant", content: "Support is available around the clock [1]." },
      { role: "user", content: "And on weekends?" },
      { role: "assistant", content: "Weekends are covered too [1]." },
    ];
    const query = contextualQuery(thread, "What about its response time?");
    expect(query).toContain("weekends");
    expect(query).toContain("Enterprise");
    expect(query).toContain("support");
  });

  it("does not repeat the question's own words", () => {
    const query = contextualQuery(history, "What does the plan cost?");
    expect(query.match(/plan/gi)).toHaveLength(1);
  });

  it("searches a self-contained question as asked, whatever came before", () => {
    const question = "What is the refund policy for annual subscriptions?";
    expect(contextualQuery(history, question)).toBe(question);
  });

  it("searches a follow-up as asked when there is no conversation yet", () => {
    expect(contextualQuery([], "and what about its price?")).toBe("and what about its price?");
  });

  it("is deterministic", () => {
    expect(contextualQuery(history, "What does it cost?")).toBe(
      contextualQuery(history, "What does it cost?"),
    );
  });
});
