// The migrations Deps owns: one per key at a time, and close() aborts them and waits for everything it tracks.
import { describe, expect, it } from "vitest";
import { EmbedderMigrations } from "./embedder-migrations";

describe("EmbedderMigrations", () => {
  it("runs one migration per key: a second start joins the first", async () => {
    const migrations = new EmbedderMigrations();
    let runs = 0;
    const run = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return "switched" as const;
    };
    const [first, second] = [migrations.start("a", run), migrations.start("a", run)];
    expect(await first).toBe("switched");
    expect(await second).toBe("switched");
    expect(runs).toBe(1);
    expect(await migrations.start("a", run)).toBe("switched");
    expect(runs).toBe(2);
  });

  it("close() aborts the migrations in flight, waits for them and tracked steps, and starts nothing after", async () => {
    const migrations = new EmbedderMigrations();
    const events: string[] = [];
    const running = migrations.start("user", async (signal) => {
      await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve()));
      await new Promise((resolve) => setTimeout(resolve, 5));
      events.push("migration stopped");
      return "busy";
    });
    void migrations.track(
      new Promise<void>((resolve) =>
        setTimeout(() => {
          events.push("step done");
          resolve();
        }, 10),
      ),
    );
    await migrations.close();
    expect(events.sort()).toEqual(["migration stopped", "step done"]);
    expect(await running).toBe("busy");
    let started = false;
    expect(
      await migrations.start("other", async () => {
        started = true;
        return "switched";
      }),
    ).toBe("busy");
    expect(started).toBe(false);
  });
});
