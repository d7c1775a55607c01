// A list of features, each ticked with a check mark: stacked in a card, or inline where space is short.
import { Check } from "lucide-react";
import { cn } from "../lib/cn";

const LAYOUTS = {
  stacked: { list: "flex flex-col gap-2", item: "gap-2", icon: "size-4" },
  inline: { list: "flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground", item: "gap-1.5", icon: "size-3.5" },
} as const;

export type FeatureListProps = {
  features: readonly string[];
  layout?: keyof typeof LAYOUTS;
  className?: string;
};

export function FeatureList({ features, layout = "stacked", className }: FeatureListProps) {
  const classes = LAYOUTS[layout];
  return (
    <ul data-slot="feature-list" data-layout={layout} className={cn("text-sm", classes.list, className)}>
      {features.map((feature) => (
        <li key={feature} className={cn("flex items-center", classes.item)}>
          <Check aria-hidden="true" className={cn("shrink-0 text-success", classes.icon)} />
          {feature}
        </li>
      ))}
    </ul>
  );
}
