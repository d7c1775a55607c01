-- RETRIEVAL: chunks keep the built-in embedder's vector, quantised, so the dense leg searches it exactly in memory
-- (decision 0010). Updates now bump lexical_scopes.generation too (a re-embedding fills local_vector with UPDATE),
-- so every process reloads what changed.
ALTER TABLE "document_chunks" ADD COLUMN "local_vector" "bytea";--> statement-breakpoint
CREATE FUNCTION "document_chunks_scope_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "lexical_scopes" s SET "generation" = s."generation" + 1
  FROM (SELECT DISTINCT "user_id" FROM "changed_chunks") c
  WHERE s."user_id" = c."user_id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "document_chunks_scope_changed" AFTER UPDATE ON "document_chunks"
  REFERENCING NEW TABLE AS "changed_chunks" FOR EACH STATEMENT EXECUTE FUNCTION "document_chunks_scope_changed"();
