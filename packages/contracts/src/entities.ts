// Zod schemas and inferred types for every entity of the product spec (section 3), as the API returns them.
import { z } from "zod";
import { AGENT_TYPES, EPOCH_OPTIONS, VECTOR_DIMENSION_DEFAULT, VECTOR_NAMESPACE_DEFAULT } from "./constants";

const id = z.string().min(1);
const timestamp = z.iso.datetime({ offset: true });

/**
 * What a training job trains: every built-in agent (the ids of BUILT_IN_AGENTS, repeated here because ./agents
 * imports this module; ./training checks the two lists agree). The Model Training page offers the spec's three
 * (MODEL_TYPES in ./constants); each agent's wizard trains its own agent, technical and fundraising included.
 */
export const TRAINABLE_MODEL_TYPES = ["gtm", "legal", "vision", "technical", "fundraising"] as const;
export const modelTypeSchema = z.enum(TRAINABLE_MODEL_TYPES);
export type ModelType = z.infer<typeof modelTypeSchema>;

export const trainingJobStatusSchema = z.enum(["pending", "running", "completed", "failed"]);
export const trainingJobSchema = z.object({
  id,
  name: z.string(),
  modelType: modelTypeSchema,
  epochs: z.union(EPOCH_OPTIONS.map((n) => z.literal(n))),
  status: trainingJobStatusSchema,
  progress: z.number().min(0).max(100),
  currentEpoch: z.number().int().min(0),
  createdAt: timestamp,
});
export type TrainingJob = z.infer<typeof trainingJobSchema>;

/**
 * An API key: the spec's fields (section 3) and, beyond them (DESIGN 3), its expiry, the agents it may call, its
 * enforced hourly limit and the requests it made in the last 24 hours (see @acp/contracts/api-access).
 */
export const apiKeySchema = z.object({
  id,
  name: z.string(),
  /** The key's prefix and last four characters, e.g. "acp_live_…9f3a". */
  keyPreview: z.string(),
  /** The full key: present only in the creation response. */
  key: z.string().optional(),
  isActive: z.boolean(),
  createdAt: timestamp,
  lastUsed: timestamp.nullable(),
  /** After this moment the key is refused ("This API key has expired"); null: it never expires. */
  expiresAt: timestamp.nullable(),
  /** Custom agent ids or built-in agent types the key may call; null: every agent of its owner. */
  allowedAgentIds: z.array(z.string()).nullable(),
  /** Requests per hour the API lets this key make (default API_KEY_RATE_LIMIT_PER_HOUR). */
  rateLimitPerHour: z.number().int().positive(),
  /** Requests made with this key in the last 24 hours (the usage window of @acp/contracts/api-access). */
  requestsToday: z.number().int().nonnegative(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

const documentStatusSchema = z.enum(["processing", "completed", "failed"]);
export const documentSchema = z.object({
  id,
  originalName: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  status: documentStatusSchema,
  category: z.string().nullable(),
  createdAt: timestamp,
  agentId: z.string().nullable(),
  /** Why processing failed, shown to the user (DESIGN 5). */
  error: z.string().nullable().optional(),
});
export type Document = z.infer<typeof documentSchema>;

export const dataSourceTypeSchema = z.enum(["text", "url", "api"]);

const PRESET_AGENT_TYPES = [
  "executive",
  "market-intelligence",
  "innovation",
  "financial",
  "operations",
  "hr-talent",
] as const;
export const agentTypeSchema = z.enum([...AGENT_TYPES, ...PRESET_AGENT_TYPES]);
export type AgentType = z.infer<typeof agentTypeSchema>;

export const trainingStatusSchema = z.enum(["untrained", "training", "trained", "failed"]);
export const customAgentSchema = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  systemPrompt: z.string(),
  agentType: agentTypeSchema,
  isPublic: z.boolean(),
  apiEndpoint: z.string(),
  trainingStatus: trainingStatusSchema,
  createdAt: timestamp,
});
export type CustomAgent = z.infer<typeof customAgentSchema>;

const conversationSchema = z.object({ id, agentType: z.string(), title: z.string() });
export type Conversation = z.infer<typeof conversationSchema>;

export const messageRoleSchema = z.enum(["user", "assistant"]);
export const messageSchema = z.object({
  id,
  role: messageRoleSchema,
  content: z.string(),
  createdAt: timestamp,
});
export type Message = z.infer<typeof messageSchema>;

const chatRequestSchema = z.object({ conversationId: id, message: z.string().trim().min(1) });
export type ChatRequest = z.infer<typeof chatRequestSchema>;

export const vectorStoreStatsSchema = z.object({
  totalVectorCount: z.number().int().nonnegative(),
  namespace: z.string().default(VECTOR_NAMESPACE_DEFAULT),
  dimension: z.number().int().positive().default(VECTOR_DIMENSION_DEFAULT),
});
export type VectorStoreStats = z.infer<typeof vectorStoreStatsSchema>;

export const userSchema = z.object({
  id,
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** Every field is optional on the wire; a missing value displays as 0 (spec section 3). */
export const dashboardMetricsSchema = z.object({
  activeTrainingJobs: z.number().int().nonnegative().optional(),
  totalAPICallsToday: z.number().int().nonnegative().optional(),
  totalDocuments: z.number().int().nonnegative().optional(),
  /**
   * Beyond the spec (DESIGN 8: "GTM Accuracy"): validation top-1 accuracy (0-1) of the latest completed gtm training
   * job; null when no gtm job has completed.
   */
  gtmAccuracy: z.number().min(0).max(1).nullable().optional(),
  /**
   * Beyond the spec (its "Active Agents" count is fixed): the agents that are really on for the user, the built-in
   * agents switched on plus the custom agents deployed publicly through the API. The strip caps the display at 7.
   */
  activeAgents: z.number().int().nonnegative().optional(),
});
export type DashboardMetrics = z.infer<typeof dashboardMetricsSchema>;
