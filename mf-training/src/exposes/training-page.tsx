// Federation entry of ./TrainingPage, checked against the props @acp/federation/remotes declares for it.
import type { ExposedComponent } from "@acp/federation/remotes";
import { TrainingPage } from "../app/training-page";

export default TrainingPage satisfies ExposedComponent<"mf-training", "./TrainingPage">;
