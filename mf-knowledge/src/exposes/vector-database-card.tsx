// Federation entry of ./VectorDatabaseCard: the vector store's totals, polled every 30 s.
import type { ExposedComponent } from "@acp/federation/remotes";
import { RemoteScope } from "../components/remote-scope";
import { VectorDatabaseCard as VectorDatabaseCardContent } from "../features/vectors/components/vector-database-card";

function VectorDatabaseCard() {
  return (
    <RemoteScope>
      <VectorDatabaseCardContent />
    </RemoteScope>
  );
}

export default VectorDatabaseCard satisfies ExposedComponent<"mf-knowledge", "./VectorDatabaseCard">;
