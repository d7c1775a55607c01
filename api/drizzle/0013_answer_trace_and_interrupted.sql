ALTER TABLE "messages" DROP CONSTRAINT "messages_status_values";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "trace" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_status_values" CHECK ("messages"."status" in ('complete', 'stopped', 'failed', 'interrupted'));