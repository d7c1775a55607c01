CREATE TABLE "built_in_agent_settings" (
	"user_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"enabled" boolean NOT NULL,
	"system_prompt" text,
	"model" text,
	"temperature" real DEFAULT 0.2 NOT NULL,
	"top_k" integer DEFAULT 6 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "built_in_agent_settings_user_id_agent_id_pk" PRIMARY KEY("user_id","agent_id"),
	CONSTRAINT "built_in_agent_settings_agent_values" CHECK ("built_in_agent_settings"."agent_id" in ('gtm', 'legal', 'vision', 'technical', 'fundraising'))
);
--> statement-breakpoint
DROP INDEX "conversations_user_id_index";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "custom_agent_id" text;--> statement-breakpoint
ALTER TABLE "custom_agents" ADD COLUMN "training_error" text;--> statement-breakpoint
ALTER TABLE "custom_agents" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "custom_agents" ADD COLUMN "temperature" real DEFAULT 0.2 NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_agents" ADD COLUMN "top_k" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_parts" ADD COLUMN "line_numbers" integer[];--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sources" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "status" text DEFAULT 'complete' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "prompt_tokens" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "completion_tokens" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "latency_ms" integer;--> statement-breakpoint
ALTER TABLE "built_in_agent_settings" ADD CONSTRAINT "built_in_agent_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_custom_agent_id_custom_agents_id_fk" FOREIGN KEY ("custom_agent_id") REFERENCES "public"."custom_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_user_id_updated_at_index" ON "conversations" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "conversations_custom_agent_id_index" ON "conversations" USING btree ("custom_agent_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_status_values" CHECK ("messages"."status" in ('complete', 'stopped', 'failed'));