// "Model Training & Fine-tuning" (spec section 2): active jobs, training data sources and the guidelines.
import { PageHeader } from "@acp/ui/components/page-header";
import { TrainingDataSourcesCard } from "../features/data-sources/components/training-data-sources-card";
import { TrainingGuidelinesCard } from "../features/guidelines/components/training-guidelines-card";
import { TrainingJobsCard } from "../features/jobs/components/training-jobs-card";

export function TrainingPage() {
  return (
    <div className="flex min-w-0 flex-col gap-8">
      <PageHeader
        title="Model Training & Fine-tuning"
        description="Teach your agents from their documents and follow every run."
      />
      <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-2">
        <TrainingJobsCard />
        <TrainingDataSourcesCard />
      </div>
      <TrainingGuidelinesCard />
    </div>
  );
}
