// "Training Guidelines": the spec's static advice on data preparation, the training process and best practices.
import { MAX_UPLOAD_LABEL } from "@acp/contracts/constants";
import { Card, CardContent, CardHeader, CardTitle } from "@acp/ui/components/card";
import { CheckCircle2 } from "lucide-react";

const GUIDELINES = [
  {
    title: "Data Preparation",
    items: [
      "Use high-quality, relevant documents",
      "Keep formatting consistent",
      "Include diverse examples",
      `Maximum ${MAX_UPLOAD_LABEL} per file`,
    ],
  },
  {
    title: "Training Process",
    items: [
      "Automatic preprocessing",
      "Vector embedding generation",
      "Fine-tuning with a model provider",
      "Performance validation",
    ],
  },
  {
    title: "Best Practices",
    items: ["Monitor training progress", "Test responses", "Iterate on your data", "Update data regularly"],
  },
] as const;

export function TrainingGuidelinesCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Training Guidelines</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6 md:grid-cols-3">
        {GUIDELINES.map((section) => (
          <section key={section.title} className="flex flex-col gap-3">
            <h3 className="font-medium">{section.title}</h3>
            <ul className="flex flex-col gap-2 text-muted-foreground text-sm">
              {section.items.map((item) => (
                <li key={item} className="flex items-start gap-2">
                  <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                  {item}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
