-- RETRIEVAL: only completed documents answer. Chunks are written while a document is processing and count for search
-- from the moment its status becomes 'completed' (the same statement bumps lexical_scopes.generation, so every process
-- reloads at once); writing chunks of a document that is not completed no longer bumps the generation, so searches
-- during an ingestion do not reload the document being written batch after batch.
CREATE OR REPLACE FUNCTION "document_chunks_scope_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "lexical_scopes" ("user_id", "chunk_count", "total_length", "generation")
    SELECT "user_id", count(*)::integer, sum("lexical_length"), 0 FROM "added_chunks" GROUP BY "user_id" ORDER BY "user_id"
  ON CONFLICT ("user_id") DO UPDATE SET
    "chunk_count" = "lexical_scopes"."chunk_count" + excluded."chunk_count",
    "total_length" = "lexical_scopes"."total_length" + excluded."total_length";
  UPDATE "lexical_scopes" s SET "generation" = s."generation" + 1
  WHERE s."user_id" IN (
    SELECT DISTINCT a."user_id" FROM "added_chunks" a
    JOIN "documents" d ON d."id" = a."document_id" AND d."status" = 'completed'
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "document_chunks_scope_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "lexical_scopes" s SET "generation" = s."generation" + 1
  WHERE s."user_id" IN (
    SELECT DISTINCT c."user_id" FROM "changed_chunks" c
    JOIN "documents" d ON d."id" = c."document_id" AND d."status" = 'completed'
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "documents_searchable_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "lexical_scopes" ("user_id", "generation") VALUES (NEW."user_id", 1)
  ON CONFLICT ("user_id") DO UPDATE SET "generation" = "lexical_scopes"."generation" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "documents_searchable_changed" AFTER UPDATE OF "status" ON "documents"
  FOR EACH ROW WHEN ((OLD."status" = 'completed') IS DISTINCT FROM (NEW."status" = 'completed'))
  EXECUTE FUNCTION "documents_searchable_changed"();
