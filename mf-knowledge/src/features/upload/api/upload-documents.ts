// Uploads files in one request with per-request progress; the lists and stats refetch when it succeeds.
import { uploadDocumentsMutationOptions } from "@acp/client/knowledge/upload";
import { useMutation } from "@tanstack/react-query";

export function useUploadDocuments() {
  return useMutation(uploadDocumentsMutationOptions());
}
