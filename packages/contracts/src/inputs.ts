// Request bodies the browser sends and the API validates (spec section 7), with the spec's messages.
import { z } from "zod";
import {
  AGENT_NAME_MAX_CHARS,
  DEFAULT_EPOCHS,
  DEFAULT_MODEL_TYPE,
  EPOCH_OPTIONS,
  SYSTEM_PROMPT_MAX_CHARS,
} from "./constants";
import { agentTypeSchema, dataSourceTypeSchema, modelTypeSchema } from "./entities";
import { VALIDATION } from "./messages";

const nonBlank = (message: string) => z.string({ error: message }).trim().min(1, message);

export const createTrainingJobSchema = z.object({
  name: nonBlank(VALIDATION.trainingJobName).pipe(
    z.string().max(AGENT_NAME_MAX_CHARS, `A job name can be at most ${AGENT_NAME_MAX_CHARS} characters`),
  ),
  modelType: modelTypeSchema.default(DEFAULT_MODEL_TYPE),
  epochs: z.union(EPOCH_OPTIONS.map((n) => z.literal(n))).default(DEFAULT_EPOCHS),
});
export type CreateTrainingJob = z.input<typeof createTrainingJobSchema>;

export const createApiKeySchema = z.object({
  name: nonBlank(VALIDATION.apiKeyName).pipe(z.string().max(100)),
});
export type CreateApiKey = z.input<typeof createApiKeySchema>;

export const createDataSourceSchema = z.object({
  name: nonBlank(VALIDATION.dataSource),
  type: dataSourceTypeSchema,
  content: nonBlank(VALIDATION.dataSource),
  category: z.string().optional(),
  agentId: z.string().min(1),
});
export type CreateDataSource = z.input<typeof createDataSourceSchema>;

export const createCustomAgentSchema = z.object({
  name: nonBlank(VALIDATION.customAgent).pipe(z.string().max(AGENT_NAME_MAX_CHARS)),
  description: z.string().max(2000).optional().default(""),
  systemPrompt: nonBlank(VALIDATION.customAgent).pipe(
    z
      .string()
      .max(SYSTEM_PROMPT_MAX_CHARS, `A system prompt can be at most ${SYSTEM_PROMPT_MAX_CHARS} characters`),
  ),
  agentType: agentTypeSchema.default("custom"),
  isPublic: z.boolean().default(false),
  apiEndpoint: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,127}$/, "apiEndpoint must be lower-case letters, digits and hyphens")
    .optional(),
});
export type CreateCustomAgent = z.input<typeof createCustomAgentSchema>;

const createConversationSchema = z.object({
  agentType: z.string().trim().min(1),
  title: z.string().trim().min(1).max(200),
});
export type CreateConversation = z.input<typeof createConversationSchema>;

export const publicAgentRequestSchema = z.object({ message: nonBlank(VALIDATION.apiTestMessage) });
export type PublicAgentRequest = z.input<typeof publicAgentRequestSchema>;
