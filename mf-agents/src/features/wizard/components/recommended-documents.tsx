// Step 1's list of the document types an agent learns best from.
import { FileText } from "lucide-react";
import { useId } from "react";

export function RecommendedDocuments({ items }: { items: readonly string[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h3 id={id} className="font-medium text-sm">
        Recommended documents
      </h3>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {items.map((item) => (
          <li
            key={item}
            className="flex min-w-0 items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm"
          >
            <FileText aria-hidden="true" className="size-4 shrink-0 text-primary" />
            <span className="min-w-0 break-words">{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
