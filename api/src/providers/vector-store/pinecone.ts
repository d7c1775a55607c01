// The Pinecone store (@pinecone-database/pinecone): one serverless index, a namespace per user and embedder.
import { VECTOR_DIMENSION_DEFAULT, VECTOR_NAMESPACE_DEFAULT } from "@acp/contracts/constants";
import { Pinecone, type RecordMetadata } from "@pinecone-database/pinecone";
import {
  assertEmbedding,
  hasFilter,
  MAX_TOP_K,
  type VectorFilter,
  type VectorMatch,
  type VectorStore,
  type VectorStoreStatus,
  vectorStoreUnavailable,
} from "./vector-store";

type PineconeStoreOptions = {
  apiKey: string;
  /** The index's name (PINECONE_INDEX); its host is looked up through the control plane unless `indexHost` is set. */
  indexName: string;
  indexHost?: string;
  /** PINECONE_CONTROLLER_HOST: the control plane (tests point it at a local server). */
  controllerHostUrl?: string;
};

/** Pinecone's limits on one upsert request: 1,000 vectors and 2 MB of payload (we keep a margin under both). */
export const UPSERT_MAX_VECTORS = 1000;
const UPSERT_MAX_BYTES = 2 * 1024 * 1024 - 64 * 1024;
/** deleteMany takes at most 1,000 ids; a metadata `$in` at most 10,000 values. */
const DELETE_MAX_IDS = 1000;
const IN_MAX_VALUES = 10_000;
/** Metadata is limited to 40 KB per vector: the chunk text is cut well below that. */
const MAX_CHUNK_METADATA_CHARS = 12_000;

type ChunkMetadata = RecordMetadata & {
  chunk: string;
  embedder: string;
  documentId?: string;
  agentId?: string;
};

/**
 * Namespaces are per user (hard isolation: a query cannot cross a namespace, so no filter mistake can leak another
 * user's chunks, and a query only scans that user's vectors, which is what serverless bills) and per embedder
 * (while the embedder changes, a chunk has a vector of each under the same id `<documentId>:<chunkIndex>`).
 */
export function pineconeNamespace(userId: string, embedder: string): string {
  return `${userId}/${embedder}`;
}
const userPrefix = (userId: string) => `${userId}/`;

function metadataFilter(
  filter: VectorFilter | undefined,
  documentIds?: readonly string[],
): object | undefined {
  const clauses: object[] = [];
  if (filter?.documentId !== undefined) clauses.push({ documentId: { $eq: filter.documentId } });
  if (filter?.agentId !== undefined) clauses.push({ agentId: { $eq: filter.agentId } });
  if (documentIds !== undefined) clauses.push({ documentId: { $in: [...documentIds] } });
  if (clauses.length === 0) return undefined;
  return clauses.length === 1 ? clauses[0] : { $and: clauses };
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

export function createPineconeStore(options: PineconeStoreOptions): VectorStore {
  const client = new Pinecone({
    apiKey: options.apiKey,
    ...(options.controllerHostUrl ? { controllerHostUrl: options.controllerHostUrl } : {}),
  });
  const index = client.index<ChunkMetadata>({
    name: options.indexName,
    ...(options.indexHost ? { host: options.indexHost } : {}),
  });
  const dimension = VECTOR_DIMENSION_DEFAULT;
  let readiness: Promise<VectorStoreStatus> | undefined;

  async function prepare(): Promise<VectorStoreStatus> {
    try {
      const model = await client.describeIndex(options.indexName);
      if (!model.status?.ready) {
        return {
          ready: false,
          reason: `the Pinecone index "${options.indexName}" is not ready (${model.status?.state})`,
        };
      }
      if (model.dimension !== dimension) {
        return {
          ready: false,
          reason: `the Pinecone index "${options.indexName}" has ${model.dimension} dimensions; the embedders make ${dimension}`,
        };
      }
      if (model.metric !== "cosine") {
        return {
          ready: false,
          reason: `the Pinecone index "${options.indexName}" uses ${model.metric}, not cosine`,
        };
      }
      return { ready: true };
    } catch (error) {
      return {
        ready: false,
        reason: `could not reach the Pinecone index "${options.indexName}" (${describeError(error)})`,
      };
    }
  }

  function ensureReady(): Promise<VectorStoreStatus> {
    readiness ??= prepare().then((status) => {
      if (!status.ready) readiness = undefined;
      return status;
    });
    return readiness;
  }

  async function requireReady(): Promise<void> {
    const status = await ensureReady();
    if (!status.ready) throw vectorStoreUnavailable(status.reason);
  }

  /** The user's namespaces with their counts (all embedders), from the index stats. */
  async function userNamespaces(userId: string): Promise<{ name: string; count: number }[]> {
    const stats = await index.describeIndexStats();
    return Object.entries(stats.namespaces ?? {})
      .filter(([name]) => name.startsWith(userPrefix(userId)))
      .map(([name, summary]) => ({ name, count: summary.recordCount ?? 0 }));
  }

  return {
    kind: "pinecone",
    dimension,
    ensureReady,

    async stats({ userId, embedder }) {
      await requireReady();
      const namespaces = await userNamespaces(userId);
      const counted =
        embedder === undefined
          ? namespaces
          : namespaces.filter((ns) => ns.name === pineconeNamespace(userId, embedder));
      return {
        totalVectorCount: counted.reduce((sum, ns) => sum + ns.count, 0),
        namespace: VECTOR_NAMESPACE_DEFAULT,
        dimension,
      };
    },

    async upsert({ userId, vectors }) {
      const byNamespace = new Map<
        string,
        Map<string, { id: string; values: number[]; metadata: ChunkMetadata }>
      >();
      for (const [i, record] of vectors.entries()) {
        if (!record.id) throw new RangeError(`vectors[${i}]: id must not be empty`);
        assertEmbedding(record.embedding, dimension, `vectors[${i}] (${record.id})`);
        const namespace = pineconeNamespace(userId, record.embedder);
        let records = byNamespace.get(namespace);
        if (!records) {
          records = new Map();
          byNamespace.set(namespace, records);
        }
        const metadata: ChunkMetadata = {
          chunk: record.chunk.slice(0, MAX_CHUNK_METADATA_CHARS),
          embedder: record.embedder,
          ...(record.documentId ? { documentId: record.documentId } : {}),
          ...(record.agentId ? { agentId: record.agentId } : {}),
        };
        // Pinecone keeps the last write of an id; so do we within one call.
        records.set(record.id, { id: record.id, values: Array.from(record.embedding), metadata });
      }
      if (byNamespace.size === 0) return;
      await requireReady();
      for (const [namespace, records] of byNamespace) {
        let batch: { id: string; values: number[]; metadata: ChunkMetadata }[] = [];
        let bytes = 0;
        const flush = async () => {
          if (batch.length === 0) return;
          await index.namespace(namespace).upsert({ records: batch });
          batch = [];
          bytes = 0;
        };
        for (const record of records.values()) {
          const size = JSON.stringify(record).length + 1;
          if (batch.length >= UPSERT_MAX_VECTORS || bytes + size > UPSERT_MAX_BYTES) await flush();
          batch.push(record);
          bytes += size;
        }
        await flush();
      }
    },

    async delete({ userId, ids, filter }) {
      if (ids === undefined && !hasFilter(filter)) {
        throw new RangeError("delete needs ids or a filter: refusing to delete every vector of the user");
      }
      if (ids?.length === 0) return;
      await requireReady();
      const namespaces = (await userNamespaces(userId))
        .map((ns) => ns.name)
        .filter(
          (name) => filter?.embedder === undefined || name === pineconeNamespace(userId, filter.embedder),
        );
      for (const namespace of namespaces) {
        const target = index.namespace(namespace);
        const where = metadataFilter(filter, filter?.documentIds);
        if (ids) {
          // Ids and a filter together: only the ids that also match (fetch them, check the metadata).
          for (let start = 0; start < ids.length; start += DELETE_MAX_IDS) {
            let slice = ids.slice(start, start + DELETE_MAX_IDS);
            if (where) {
              const fetched = await target.fetch({ ids: [...slice] });
              slice = slice.filter((id) => {
                const metadata = fetched.records?.[id]?.metadata;
                return metadata !== undefined && matches(metadata, filter);
              });
            }
            if (slice.length > 0) await target.deleteMany({ ids: [...slice] });
          }
        } else if (where) {
          await target.deleteMany({ filter: where });
        } else {
          // Only an embedder was given: the whole namespace goes.
          await target.deleteAll();
        }
      }
    },

    async query({ userId, embedding, topK, filter }) {
      assertEmbedding(embedding, dimension, "query embedding");
      if (!Number.isInteger(topK) || topK < 1 || topK > MAX_TOP_K) {
        throw new RangeError(`topK must be an integer from 1 to ${MAX_TOP_K}`);
      }
      if (filter?.documentIds?.length === 0) return [];
      await requireReady();
      const embedders =
        filter?.embedder !== undefined
          ? [filter.embedder]
          : (await userNamespaces(userId)).map((ns) => ns.name.slice(userPrefix(userId).length));
      const documentIdSlices: (readonly string[] | undefined)[] = [];
      if (filter?.documentIds) {
        for (let start = 0; start < filter.documentIds.length; start += IN_MAX_VALUES) {
          documentIdSlices.push(filter.documentIds.slice(start, start + IN_MAX_VALUES));
        }
      } else documentIdSlices.push(undefined);
      const found: VectorMatch[] = [];
      for (const embedder of embedders) {
        for (const documentIds of documentIdSlices) {
          const where = metadataFilter(filter, documentIds);
          const response = await index.namespace(pineconeNamespace(userId, embedder)).query({
            vector: Array.from(embedding),
            topK,
            includeMetadata: true,
            includeValues: false,
            ...(where ? { filter: where } : {}),
          });
          for (const match of response.matches) {
            found.push({
              id: match.id,
              documentId: match.metadata?.documentId ?? null,
              agentId: match.metadata?.agentId ?? null,
              chunk: match.metadata?.chunk ?? "",
              embedder: match.metadata?.embedder ?? embedder,
              score: match.score ?? 0,
            });
          }
        }
      }
      return found.sort((a, b) => b.score - a.score).slice(0, topK);
    },
  };
}

function matches(metadata: Partial<ChunkMetadata>, filter: VectorFilter | undefined): boolean {
  if (filter?.documentId !== undefined && metadata.documentId !== filter.documentId) return false;
  if (filter?.agentId !== undefined && metadata.agentId !== filter.agentId) return false;
  if (filter?.documentIds !== undefined && !filter.documentIds.includes(metadata.documentId ?? ""))
    return false;
  return true;
}
