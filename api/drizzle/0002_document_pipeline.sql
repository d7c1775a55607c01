CREATE TABLE "document_blobs" (
	"document_id" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "document_blobs_document_id_seq_pk" PRIMARY KEY("document_id","seq")
);
--> statement-breakpoint
CREATE TABLE "document_parts" (
	"document_id" text NOT NULL,
	"seq" integer NOT NULL,
	"label" text NOT NULL,
	"location" jsonb,
	"text" text NOT NULL,
	"truncated" boolean DEFAULT false NOT NULL,
	"has_text" boolean DEFAULT true NOT NULL,
	"ocr" boolean DEFAULT false NOT NULL,
	CONSTRAINT "document_parts_document_id_seq_pk" PRIMARY KEY("document_id","seq")
);
--> statement-breakpoint
ALTER TABLE "data_sources" ADD COLUMN "document_id" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "stage" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "source" text DEFAULT 'upload' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "file_type" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "chunk_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "embedder" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "timings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "job_id" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_blobs" ADD CONSTRAINT "document_blobs_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_parts" ADD CONSTRAINT "document_parts_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_sources" ADD CONSTRAINT "data_sources_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_status_heartbeat_at_index" ON "documents" USING btree ("status","heartbeat_at");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_user_agent_sha256" ON "documents" USING btree ("user_id",coalesce("agent_id", ''),"sha256");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_status_values" CHECK ("documents"."status" in ('processing', 'completed', 'failed'));--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_stage_values" CHECK ("documents"."stage" in ('queued', 'extracting', 'chunking', 'embedding', 'indexing', 'completed', 'failed'));--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_source_values" CHECK ("documents"."source" in ('upload', 'text', 'url'));--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_progress_range" CHECK ("documents"."progress" between 0 and 100);--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_size_nonnegative" CHECK ("documents"."size" >= 0);--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_chunk_count_nonnegative" CHECK ("documents"."chunk_count" >= 0);