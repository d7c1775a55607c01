// This session's uploads: the spec's type check, one request per drop or pick with its files' progress, then each
// file's document as the pipeline reports it.

import { errorMessage, isHttpError } from "@acp/client/http-error";
import { fileProgress, type UploadProgress } from "@acp/client/knowledge/upload";
import type { UploadResponse } from "@acp/contracts/knowledge";
import { ERROR_TOASTS, SUCCESS_TOASTS, VALIDATION } from "@acp/contracts/messages";
import { toastError } from "@acp/federation/toast-error";
import { toast } from "@acp/ui/hooks/use-toast";
import { useCallback, useRef, useState } from "react";
import { useUploadDocuments } from "../api/upload-documents";
import { oversizedFiles, tooLargeMessage, unsupportedFiles } from "../utils/validate-files";

export type UploadedDocument = UploadResponse["documents"][number];

export type UploadItem = {
  key: string;
  /** The request it went in: files picked or dropped together are sent together. */
  batch: number;
  name: string;
  size: number;
  /** `held`: a good file of a batch the server refused for another file; nothing of the batch was stored. */
  phase: "uploading" | "sent" | "failed" | "held";
  /** Percentage of the file's bytes sent. */
  sent: number;
  document?: UploadedDocument | undefined;
  error?: string | undefined;
};

type FileReason = { name: string; reason: string };

export const CANCELLED = "Upload cancelled: nothing was kept.";

function fileReasons(error: unknown): FileReason[] {
  if (!isHttpError(error)) return [];
  const details = error.details as { files?: unknown; file?: unknown } | undefined;
  if (Array.isArray(details?.files)) {
    return details.files.filter(
      (entry): entry is FileReason => typeof entry?.name === "string" && typeof entry?.reason === "string",
    );
  }
  return [];
}

function listNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

export function useUploadQueue({
  agentId,
  category,
}: {
  agentId?: string | undefined;
  category?: string | undefined;
}) {
  const upload = useUploadDocuments();
  const [items, setItems] = useState<UploadItem[]>([]);
  const counter = useRef(0);
  const requests = useRef(new Map<number, AbortController>());
  /** The files of each batch with held files, so they can be sent again without the refused ones. */
  const heldFiles = useRef(new Map<string, File>());

  const patch = useCallback(
    (keys: readonly string[], change: (item: UploadItem, index: number) => Partial<UploadItem>) => {
      setItems((current) =>
        current.map((item) => {
          const index = keys.indexOf(item.key);
          return index < 0 ? item : { ...item, ...change(item, index) };
        }),
      );
    },
    [],
  );

  const start = useCallback(
    async (files: readonly File[]) => {
      if (files.length === 0) return;
      const invalid = unsupportedFiles(files);
      if (invalid.length > 0) {
        // Spec section 5: nothing is uploaded if any file is invalid.
        toast({
          title: VALIDATION.invalidFileTypeTitle,
          description: VALIDATION.invalidFileTypeDescription(invalid),
          variant: "destructive",
        });
        return;
      }
      const oversized = oversizedFiles(files);
      if (oversized.length > 0) {
        // The server would refuse them (413) only after the bytes were sent; say so before sending anything.
        toast({
          title: ERROR_TOASTS.uploadTitle,
          description: tooLargeMessage(oversized),
          variant: "destructive",
        });
        return;
      }
      const batch = counter.current++;
      const keys = files.map((_, index) => `${batch}-${index}`);
      setItems((current) => [
        ...files.map((file, index) => ({
          key: keys[index] as string,
          batch,
          name: file.name,
          size: file.size,
          phase: "uploading" as const,
          sent: 0,
        })),
        ...current,
      ]);
      const sizes = files.map((file) => file.size);
      const controller = new AbortController();
      requests.current.set(batch, controller);
      try {
        const response = await upload.mutateAsync({
          files,
          agentId,
          category,
          signal: controller.signal,
          onProgress: (progress: UploadProgress) => {
            const perFile = fileProgress(sizes, progress);
            patch(keys, (_item, index) => ({ sent: perFile[index] ?? 0 }));
          },
        });
        const unmatched = [...response.documents];
        const matched = files.map((file) => {
          const at = unmatched.findIndex((document) => document.originalName === file.name);
          return at >= 0 ? unmatched.splice(at, 1)[0] : undefined;
        });
        patch(keys, (_item, index) => ({
          phase: "sent",
          sent: 100,
          document: matched[index] ?? unmatched.shift(),
        }));
        const duplicates = response.documents
          .filter((document) => document.duplicate)
          .map((d) => d.originalName);
        const fresh = response.documents.length - duplicates.length;
        const parts = [];
        if (fresh > 0) parts.push(`${fresh} ${fresh === 1 ? "file is" : "files are"} being processed.`);
        if (duplicates.length > 0) {
          parts.push(
            `${listNames(duplicates)} ${duplicates.length === 1 ? "was" : "were"} already in your knowledge base and not indexed again.`,
          );
        }
        toast({ title: SUCCESS_TOASTS.filesUploaded, description: parts.join(" ") });
      } catch (error) {
        if (controller.signal.aborted) {
          patch(keys, () => ({ phase: "failed", error: CANCELLED }));
          return;
        }
        const reasons = fileReasons(error);
        const message = errorMessage(error, ERROR_TOASTS.uploadFallback);
        if (isHttpError(error) && error.code === "INVALID_FILES" && reasons.length > 0) {
          // The server refused the whole request for some files and stored nothing: the others are not failed,
          // they were never kept, and can go again on their own.
          const refused = [...new Set(reasons.map((reason) => reason.name))];
          const why = `${listNames(refused)} ${refused.length === 1 ? "was" : "were"} refused`;
          files.forEach((file, index) => {
            if (!refused.includes(file.name)) heldFiles.current.set(keys[index] as string, file);
          });
          patch(keys, (item) => {
            const reason = reasons.find((entry) => entry.name === item.name);
            return reason
              ? { phase: "failed", error: `Refused: ${reason.reason}` }
              : { phase: "held", error: `Not stored: nothing of this upload was kept because ${why}.` };
          });
        } else {
          patch(keys, (item) => ({
            phase: "failed",
            error: reasons.find((reason) => reason.name === item.name)?.reason ?? message,
          }));
        }
        toastError(error, { title: ERROR_TOASTS.uploadTitle, fallback: ERROR_TOASTS.uploadFallback });
      } finally {
        requests.current.delete(batch);
      }
    },
    [agentId, category, patch, upload],
  );

  const remove = useCallback((keys: ReadonlySet<string>) => {
    for (const key of keys) heldFiles.current.delete(key);
    setItems((current) => current.filter((item) => !keys.has(item.key)));
  }, []);

  /** Sends a refused batch's good files again, on their own; the batch's rows give way to the new request's. */
  const retryHeld = useCallback(
    (batch: number) => {
      const rows = items.filter((item) => item.batch === batch);
      const files = rows.flatMap((item) => heldFiles.current.get(item.key) ?? []);
      remove(new Set(rows.map((item) => item.key)));
      void start(files);
    },
    [items, remove, start],
  );

  /** Stops a request still sending; its files were sent together, so all of them stop. */
  const cancel = useCallback((batch: number) => {
    requests.current.get(batch)?.abort();
  }, []);

  return { items, start, remove, cancel, retryHeld };
}
