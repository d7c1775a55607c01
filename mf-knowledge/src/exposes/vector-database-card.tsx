// Federation entry of ./VectorDatabaseCard: the vector store's totals, polled every 30 s.
import { VectorDatabaseCard } from "../features/vectors/components/vector-database-card";

export type VectorDatabaseCardProps = Record<string, never>;

export default VectorDatabaseCard;
