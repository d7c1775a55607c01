// Federation entry of ./VectorDatabaseCard: the vector store's totals, polled every 30 s.
import type { ExposedComponent } from "@acp/federation/remotes";
import { VectorDatabaseCard } from "../features/vectors/components/vector-database-card";

export default VectorDatabaseCard satisfies ExposedComponent<"mf-knowledge", "./VectorDatabaseCard">;
