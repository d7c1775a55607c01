// Federation entry of ./TrainingJobs, the shared training component: with `modelType` the form trains that type only
// and the list shows its jobs.
import type { ExposedComponent } from "@acp/federation/remotes";
import { TrainingJobsCard } from "../features/jobs/components/training-jobs-card";

export default TrainingJobsCard satisfies ExposedComponent<"mf-training", "./TrainingJobs">;
