// "Model Training & Fine-tuning" (spec section 2): active jobs, training data sources and the guidelines.
import { Button } from "@acp/ui/components/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { Upload } from "lucide-react";
import { Link } from "react-router";
import { TrainingGuidelinesCard } from "../features/guidelines/components/training-guidelines-card";
import { TrainingJobsCard } from "../features/jobs/components/training-jobs-card";

export function TrainingPage() {
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-1">
        <h1 className="font-bold text-3xl tracking-tight">Model Training & Fine-tuning</h1>
        <p className="text-muted-foreground">Teach your agents from their documents and follow every run.</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        <TrainingJobsCard />
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Training Data Sources</h2>
            </CardTitle>
            <CardDescription>Documents and text each agent is trained on.</CardDescription>
          </CardHeader>
          <CardContent>
            <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-muted">
                <Upload aria-hidden="true" className="size-6 text-muted-foreground" />
              </span>
              <h3 className="font-medium">Training data comes from the knowledge base</h3>
              <p className="max-w-sm text-muted-foreground text-sm">
                Documents uploaded in the Knowledge Base train the agent they belong to.
              </p>
              <Button asChild variant="outline" size="sm">
                <Link to="/knowledge">Upload documents</Link>
              </Button>
            </div>
          </CardContent>
        </Card>
      </div>
      <TrainingGuidelinesCard />
    </div>
  );
}
