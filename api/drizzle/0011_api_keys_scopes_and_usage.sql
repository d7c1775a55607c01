CREATE TABLE "api_request_hourly" (
	"user_id" text NOT NULL,
	"api_key_id" text DEFAULT '' NOT NULL,
	"agent_endpoint" text DEFAULT '' NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"requests" integer NOT NULL,
	"errors" integer NOT NULL,
	"latency_ms_total" bigint DEFAULT 0 NOT NULL,
	"prompt_tokens" bigint DEFAULT 0 NOT NULL,
	"completion_tokens" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "api_request_hourly_user_id_api_key_id_agent_endpoint_hour_pk" PRIMARY KEY("user_id","api_key_id","agent_endpoint","hour")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "allowed_agent_ids" text[];--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "rate_limit_per_hour" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_request_log" ADD COLUMN "operation" text;--> statement-breakpoint
ALTER TABLE "api_request_log" ADD COLUMN "latency_ms" integer;--> statement-breakpoint
ALTER TABLE "api_request_log" ADD COLUMN "prompt_tokens" integer;--> statement-breakpoint
ALTER TABLE "api_request_log" ADD COLUMN "completion_tokens" integer;--> statement-breakpoint
ALTER TABLE "api_request_hourly" ADD CONSTRAINT "api_request_hourly_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_request_log_created_at_index" ON "api_request_log" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_rate_limit_positive" CHECK ("api_keys"."rate_limit_per_hour" > 0);