// No log line holds a message's text, a document, a key or a query's parameters, whatever failed and however it was
// logged: real database failures on both engines, driver fields (params, detail, where), messages that quote values.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/create-database";
import { conversations, messages, users } from "../db/schema";
import { createTestDatabase, engines } from "../test/test-app";
import { redactErrorForLog, scrubText } from "./log-redaction";
import { createLogger, type Logger } from "./logger";

/** A logger as the servers build it (createLogger), writing its lines to an array. */
function capturedLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { logger: createLogger({ logLevel: "info" }, sink), lines };
}

/** Every way the code base hands an error to the logger. */
function logEveryWay(logger: Logger, error: unknown) {
  logger.error({ err: error }, "as err");
  logger.error(error as Error);
  logger.warn({ error, nested: { cause: error, list: [error] } }, "as other fields");
  logger.child({ err: error }).info("as a child's binding");
  logger.error("interpolated %s %o %j", error as Error, error as Error, error as Error);
}

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the statement to fail");
}

describe.each(engines)("error logs on %s", (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("a failed insert is logged with its SQLSTATE, table and constraint, never its values, params or row", async () => {
    const { db } = database;
    const secret = "Quarterly board minutes: the layoffs start in March, token sk-proj-Zx81kQ0aa93LmPq7";
    const email = "ceo.private.mailbox@example.test";
    const [user] = await db.insert(users).values({ email }).returning();
    if (!user) throw new Error("no user");
    const [conversation] = await db
      .insert(conversations)
      .values({ userId: user.id, agentType: "gtm", title: "Board" })
      .returning();
    if (!conversation) throw new Error("no conversation");

    const errors = {
      // 23503: a message of a conversation that does not exist (the error of issue 28's probe).
      foreignKey: await failure(() =>
        db.insert(messages).values({ conversationId: "gone", role: "assistant", content: secret }),
      ),
      // 23514: PostgreSQL's detail is "Failing row contains (...)": the whole row, the text included.
      check: await failure(() =>
        db.insert(messages).values({
          conversationId: conversation.id,
          role: "assistant",
          content: secret,
          status: "bogus" as never,
        }),
      ),
      // 23505: the detail is "Key (email)=(...) already exists".
      unique: await failure(() => db.insert(users).values({ email })),
      // 22003: the message itself quotes the refused value.
      outOfRange: await failure(() =>
        db.insert(messages).values({
          conversationId: conversation.id,
          role: "assistant",
          content: secret,
          promptTokens: 9_876_543_210_123,
        }),
      ),
    };
    const expected = {
      foreignKey: { code: "23503", constraint: "messages_conversation_id_conversations_id_fk" },
      check: { code: "23514", constraint: "messages_status_values" },
      unique: { code: "23505", constraint: "users_email_unique" },
      outOfRange: { code: "22003" },
    };
    for (const [name, error] of Object.entries(errors)) {
      const { logger, lines } = capturedLogger();
      logEveryWay(logger, error);
      const logged = lines.join("\n");
      for (const fragment of [
        "layoffs",
        "sk-proj",
        "Zx81kQ0aa93LmPq7",
        "ceo.private.mailbox",
        "9876543210123",
        '"params"',
        '"detail"',
        "Failing row",
        "Key (email)",
        "bogus",
      ]) {
        expect(logged, `${name}: ${fragment}`).not.toContain(fragment);
      }
      const first = JSON.parse(lines[0] ?? "{}") as { err: Record<string, unknown> };
      expect(first.err).toMatchObject({ type: "DrizzleQueryError", message: "Failed query" });
      expect(first.err.query).toMatch(/^insert into "(messages|users)"/);
      expect(first.err.cause).toMatchObject(expected[name as keyof typeof expected]);
      // Every call wrote its line, each with the redacted error.
      expect(lines).toHaveLength(5);
      for (const line of lines) expect(line).toContain(expected[name as keyof typeof expected].code);
    }
  });
});

describe("redacting errors for logs", () => {
  it("blanks quoted values, keys, URL credentials and drizzle's params line; keeps names, ids and apostrophes", () => {
    expect(scrubText("Unexpected token 'T', \"The secret plan\" is not valid JSON")).toBe(
      "Unexpected token '…', \"…\" is not valid JSON",
    );
    expect(scrubText("The chat model's server failed (500): check the agent's model")).toBe(
      "The chat model's server failed (500): check the agent's model",
    );
    expect(scrubText("Authorization: Bearer abc.def.ghi rejected")).toBe(
      "Authorization: Bearer [redacted] rejected",
    );
    expect(scrubText("key sk-live-1234567890abcdef and acp_0123456789abcdefABCDEF0123 refused")).toBe(
      "key [redacted] and [redacted] refused",
    );
    expect(scrubText("hex 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 seen")).toBe(
      "hex [redacted] seen",
    );
    expect(scrubText("connect postgres://app:hunter2@db:5432/acp failed")).toBe(
      "connect postgres://[redacted]@db:5432/acp failed",
    );
    expect(scrubText("GET https://api.example.test/v1/x?api_key=abc failed")).toBe(
      "GET https://api.example.test/v1/x?[redacted] failed",
    );
    expect(scrubText("document 4b7e07de-befb-45fa-bb93-8c6759e42c5d not found")).toBe(
      "document 4b7e07de-befb-45fa-bb93-8c6759e42c5d not found",
    );
    expect(scrubText("Failed query: select 1\nparams: a secret,another")).toBe(
      "Failed query: select 1\nparams: [redacted]",
    );
    expect(scrubText("x".repeat(2000)).length).toBeLessThanOrEqual(501);
  });

  it("keeps only naming fields of an error and of its causes, and the stack's frames without the message", () => {
    const driver = Object.assign(
      new Error('value "secret-value" is too long for type character varying(5)'),
      {
        code: "22001",
        detail: "Failing row contains (secret row)",
        where: "COPY messages, line 1, column content: secret",
        params: ["secret param"],
        query: "insert into t values ($1)",
        column: "content",
        hint: "secret hint",
      },
    );
    const wrapper = new Error(
      "Failed query: insert into t values ($1, 'inline secret')\nparams: secret param",
      {
        cause: driver,
      },
    );
    Object.assign(wrapper, { query: "insert into t values ($1, 'inline secret')", params: ["secret param"] });
    const redacted = redactErrorForLog(wrapper);
    expect(redacted).toMatchObject({
      type: "Error",
      message: "Failed query",
      query: "insert into t values ($1, '…')",
      cause: {
        message: 'value "…" is too long for type character varying(5)',
        code: "22001",
        column: "content",
      },
    });
    const text = JSON.stringify(redacted);
    expect(text).not.toContain("secret");
    expect(redacted.stack).toMatch(/^\s+at /);
    // Thrown non-errors and errors logged twice are handled too.
    expect(redactErrorForLog("plain 'secret' string").message).toBe("plain '…' string");
    expect(redactErrorForLog(redacted)).toBe(redacted);
  });
});
