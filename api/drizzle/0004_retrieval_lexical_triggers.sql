-- RETRIEVAL: BM25 statistics follow document_chunks inside the same statement (cascaded deletes included).
CREATE FUNCTION "document_chunks_lexemes_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Sorted so concurrent ingests of one user lock the same rows in the same order (no deadlock).
  INSERT INTO "lexical_terms" ("user_id", "term", "df")
    SELECT n."user_id", u."lexeme", count(*)::integer
    FROM "added_chunks" n, unnest(n."lexemes") u
    GROUP BY n."user_id", u."lexeme"
    ORDER BY n."user_id", u."lexeme"
  ON CONFLICT ("user_id", "term") DO UPDATE SET "df" = "lexical_terms"."df" + excluded."df";
  INSERT INTO "lexical_scopes" ("user_id", "chunk_count", "total_length")
    SELECT "user_id", count(*)::integer, sum("lexical_length") FROM "added_chunks" GROUP BY "user_id" ORDER BY "user_id"
  ON CONFLICT ("user_id") DO UPDATE SET
    "chunk_count" = "lexical_scopes"."chunk_count" + excluded."chunk_count",
    "total_length" = "lexical_scopes"."total_length" + excluded."total_length";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "document_chunks_lexemes_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "lexical_terms" t SET "df" = t."df" - gone."n"
  FROM (
    SELECT o."user_id", u."lexeme" AS "term", count(*)::integer AS "n"
    FROM "removed_chunks" o, unnest(o."lexemes") u
    GROUP BY o."user_id", u."lexeme"
    ORDER BY o."user_id", u."lexeme"
  ) gone
  WHERE t."user_id" = gone."user_id" AND t."term" = gone."term";
  DELETE FROM "lexical_terms" t
  WHERE t."df" <= 0 AND (t."user_id", t."term") IN (
    SELECT o."user_id", u."lexeme" FROM "removed_chunks" o, unnest(o."lexemes") u
  );
  UPDATE "lexical_scopes" s SET
    "chunk_count" = s."chunk_count" - r."n",
    "total_length" = s."total_length" - r."length"
  FROM (
    SELECT "user_id", count(*)::integer AS "n", sum("lexical_length") AS "length"
    FROM "removed_chunks" GROUP BY "user_id"
  ) r
  WHERE s."user_id" = r."user_id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "document_chunks_lexemes_added" AFTER INSERT ON "document_chunks"
  REFERENCING NEW TABLE AS "added_chunks" FOR EACH STATEMENT EXECUTE FUNCTION "document_chunks_lexemes_added"();
--> statement-breakpoint
CREATE TRIGGER "document_chunks_lexemes_removed" AFTER DELETE ON "document_chunks"
  REFERENCING OLD TABLE AS "removed_chunks" FOR EACH STATEMENT EXECUTE FUNCTION "document_chunks_lexemes_removed"();
