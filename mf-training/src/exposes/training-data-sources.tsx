// Federation entry of ./TrainingDataSources: the card that uploads an agent's training documents.
import type { ExposedComponent } from "@acp/federation/remotes";
import { TrainingDataSourcesCard } from "../features/data-sources/components/training-data-sources-card";

export default TrainingDataSourcesCard satisfies ExposedComponent<"mf-training", "./TrainingDataSources">;
