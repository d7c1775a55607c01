// "Model Training & Fine-tuning" (spec section 2): active jobs, training data sources and the guidelines.

import { PAGE_PATHS } from "@acp/federation/remotes";
import { Link } from "@acp/router";
import { Button } from "@acp/ui/components/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { EmptyState } from "@acp/ui/components/empty-state";
import { PageHeader } from "@acp/ui/components/page-header";
import { Upload } from "lucide-react";
import { TrainingGuidelinesCard } from "../features/guidelines/components/training-guidelines-card";
import { TrainingJobsCard } from "../features/jobs/components/training-jobs-card";

export function TrainingPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Model Training & Fine-tuning"
        description="Teach your agents from their documents and follow every run."
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <TrainingJobsCard />
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Training Data Sources</h2>
            </CardTitle>
            <CardDescription>Documents and text each agent is trained on.</CardDescription>
          </CardHeader>
          <CardContent>
            <EmptyState
              icon={<Upload aria-hidden="true" />}
              title="Training data comes from the knowledge base"
              description="Documents uploaded in the Knowledge Base train the agent they belong to."
            >
              <Button asChild variant="outline" size="sm">
                <Link to={PAGE_PATHS.knowledge}>Upload documents</Link>
              </Button>
            </EmptyState>
          </CardContent>
        </Card>
      </div>
      <TrainingGuidelinesCard />
    </div>
  );
}
