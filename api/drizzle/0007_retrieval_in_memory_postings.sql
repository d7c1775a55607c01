-- RETRIEVAL: BM25 is scored over in-memory postings built from term_counts, so the per-term document frequencies,
-- the GIN index and the stored tsvector go; lexical_scopes gains a generation that every statement adding or
-- removing a user's chunks bumps, so each process knows when its postings are stale.
DROP TRIGGER IF EXISTS "document_chunks_lexemes_added" ON "document_chunks";--> statement-breakpoint
DROP TRIGGER IF EXISTS "document_chunks_lexemes_removed" ON "document_chunks";--> statement-breakpoint
DROP FUNCTION IF EXISTS "document_chunks_lexemes_added"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "document_chunks_lexemes_removed"();--> statement-breakpoint
DROP TABLE "lexical_terms" CASCADE;--> statement-breakpoint
DROP INDEX "document_chunks_lexemes_gin";--> statement-breakpoint
ALTER TABLE "lexical_scopes" ADD COLUMN "generation" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_chunks" DROP COLUMN "lexemes";--> statement-breakpoint
CREATE FUNCTION "document_chunks_scope_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "lexical_scopes" ("user_id", "chunk_count", "total_length", "generation")
    SELECT "user_id", count(*)::integer, sum("lexical_length"), 1 FROM "added_chunks" GROUP BY "user_id" ORDER BY "user_id"
  ON CONFLICT ("user_id") DO UPDATE SET
    "chunk_count" = "lexical_scopes"."chunk_count" + excluded."chunk_count",
    "total_length" = "lexical_scopes"."total_length" + excluded."total_length",
    "generation" = "lexical_scopes"."generation" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "document_chunks_scope_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "lexical_scopes" s SET
    "chunk_count" = s."chunk_count" - r."n",
    "total_length" = s."total_length" - r."length",
    "generation" = s."generation" + 1
  FROM (
    SELECT "user_id", count(*)::integer AS "n", sum("lexical_length") AS "length"
    FROM "removed_chunks" GROUP BY "user_id"
  ) r
  WHERE s."user_id" = r."user_id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "document_chunks_scope_added" AFTER INSERT ON "document_chunks"
  REFERENCING NEW TABLE AS "added_chunks" FOR EACH STATEMENT EXECUTE FUNCTION "document_chunks_scope_added"();
--> statement-breakpoint
CREATE TRIGGER "document_chunks_scope_removed" AFTER DELETE ON "document_chunks"
  REFERENCING OLD TABLE AS "removed_chunks" FOR EACH STATEMENT EXECUTE FUNCTION "document_chunks_scope_removed"();
