// Where files are dropped or picked: a drop target plus a real button that opens the file picker (keyboard users).
import { MAX_UPLOAD_LABEL } from "@acp/contracts/constants";
import { Button } from "@acp/ui/components/button";
import { cn } from "@acp/ui/lib/cn";
import { Upload } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { ACCEPT_ATTRIBUTE } from "../utils/validate-files";

export function DropZone({
  onFiles,
  disabled = false,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    onFiles(Array.from(event.dataTransfer.files));
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer gesture; keyboard users have the button.
    <div
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-dragging={dragging || undefined}
      className={cn(
        "flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors",
        dragging ? "border-primary bg-primary/5" : "border-muted-foreground/25",
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Upload aria-hidden="true" className="size-6" />
      </span>
      <p className="font-medium text-sm">Drag and drop files here</p>
      <Button
        type="button"
        onClick={() => input.current?.click()}
        disabled={disabled}
        aria-describedby={hintId}
      >
        Choose files
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        aria-label="Files to upload"
        tabIndex={-1}
        className="sr-only"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // Cleared so picking the same file again still fires a change.
          event.currentTarget.value = "";
          onFiles(files);
        }}
      />
      <p id={hintId} className="text-muted-foreground text-xs">
        PDF, Word, Text, CSV, Excel and JSON · up to {MAX_UPLOAD_LABEL} per file
      </p>
    </div>
  );
}
