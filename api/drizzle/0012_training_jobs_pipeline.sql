CREATE TABLE "agent_trained_models" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"agent_key" text NOT NULL,
	"kind" text NOT NULL,
	"artifact" "bytea",
	"model_id" text,
	"training_job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_trained_models_kind_values" CHECK ("agent_trained_models"."kind" in ('reranker', 'fine-tuned-chat'))
);
--> statement-breakpoint
ALTER TABLE "training_jobs" DROP CONSTRAINT "training_jobs_model_type_values";--> statement-breakpoint
ALTER TABLE "training_jobs" ADD COLUMN "custom_agent_id" text;--> statement-breakpoint
ALTER TABLE "training_jobs" ADD COLUMN "provider" text DEFAULT 'built-in' NOT NULL;--> statement-breakpoint
ALTER TABLE "training_jobs" ADD COLUMN "seed" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "training_jobs" ADD COLUMN "dataset" jsonb;--> statement-breakpoint
ALTER TABLE "training_jobs" ADD COLUMN "baseline" jsonb;--> statement-breakpoint
ALTER TABLE "training_jobs" ADD COLUMN "epoch_metrics" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "training_jobs" ADD COLUMN "outcome" jsonb;--> statement-breakpoint
ALTER TABLE "training_jobs" ADD COLUMN "external_file_id" text;--> statement-breakpoint
ALTER TABLE "training_jobs" ADD COLUMN "external_job_id" text;--> statement-breakpoint
ALTER TABLE "training_jobs" ADD COLUMN "cancel_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "training_jobs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agent_trained_models" ADD CONSTRAINT "agent_trained_models_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_trained_models" ADD CONSTRAINT "agent_trained_models_training_job_id_training_jobs_id_fk" FOREIGN KEY ("training_job_id") REFERENCES "public"."training_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_trained_models_user_id_agent_key_kind_index" ON "agent_trained_models" USING btree ("user_id","agent_key","kind");--> statement-breakpoint
ALTER TABLE "training_jobs" ADD CONSTRAINT "training_jobs_custom_agent_id_custom_agents_id_fk" FOREIGN KEY ("custom_agent_id") REFERENCES "public"."custom_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_jobs_custom_agent_id_index" ON "training_jobs" USING btree ("custom_agent_id");--> statement-breakpoint
-- Jobs left pending or running before training ran for real had no worker: they fail, so one active job per user holds.
UPDATE "training_jobs" SET "status" = 'failed', "error" = 'This job was created before training ran on this server: start it again' WHERE "status" in ('pending', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "training_jobs_one_active_per_user" ON "training_jobs" USING btree ("user_id") WHERE "training_jobs"."status" in ('pending', 'running');--> statement-breakpoint
ALTER TABLE "training_jobs" ADD CONSTRAINT "training_jobs_provider_values" CHECK ("training_jobs"."provider" in ('built-in', 'openai'));--> statement-breakpoint
ALTER TABLE "training_jobs" ADD CONSTRAINT "training_jobs_model_type_values" CHECK ("training_jobs"."model_type" in ('gtm', 'legal', 'vision', 'custom'));