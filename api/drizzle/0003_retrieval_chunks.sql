CREATE TABLE "document_chunks" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"document_id" text NOT NULL,
	"agent_id" text,
	"category" text,
	"chunk_index" integer NOT NULL,
	"text" text NOT NULL,
	"location" jsonb,
	"token_count" integer NOT NULL,
	"embedder" text,
	"lexemes" "tsvector" NOT NULL,
	"lexical_length" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lexical_scopes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"total_length" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lexical_terms" (
	"user_id" text NOT NULL,
	"term" text NOT NULL,
	"df" integer NOT NULL,
	CONSTRAINT "lexical_terms_user_id_term_pk" PRIMARY KEY("user_id","term")
);
--> statement-breakpoint
CREATE TABLE "user_embedders" (
	"user_id" text PRIMARY KEY NOT NULL,
	"active" text NOT NULL,
	"target" text,
	"lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lexical_scopes" ADD CONSTRAINT "lexical_scopes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lexical_terms" ADD CONSTRAINT "lexical_terms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_embedders" ADD CONSTRAINT "user_embedders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_chunks_document_id_chunk_index_index" ON "document_chunks" USING btree ("document_id","chunk_index");--> statement-breakpoint
CREATE INDEX "document_chunks_user_id_agent_id_index" ON "document_chunks" USING btree ("user_id","agent_id");--> statement-breakpoint
CREATE INDEX "document_chunks_user_id_category_index" ON "document_chunks" USING btree ("user_id","category");--> statement-breakpoint
CREATE INDEX "document_chunks_user_id_embedder_index" ON "document_chunks" USING btree ("user_id","embedder");--> statement-breakpoint
CREATE INDEX "document_chunks_lexemes_gin" ON "document_chunks" USING gin ("lexemes");