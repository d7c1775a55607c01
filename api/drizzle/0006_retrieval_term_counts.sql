ALTER TABLE "document_chunks" ADD COLUMN "term_counts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "document_chunks" SET "term_counts" = coalesce(
  (SELECT jsonb_object_agg(u."lexeme", coalesce(array_length(u."positions", 1), 1)) FROM unnest("lexemes") u),
  '{}'::jsonb
);--> statement-breakpoint
ALTER TABLE "document_chunks" ALTER COLUMN "term_counts" DROP DEFAULT;
