// The document whose detail is open (`?document=<id>`) and the location to show in it (`&at=`), read from the URL.
import type { ChunkLocation } from "@acp/contracts/knowledge";
import { useSearchParams } from "@acp/router";
import { useCallback } from "react";
import { decodeChunkLocation } from "../../../lib/chunk-location";
import { DOCUMENT_PARAM, LOCATION_PARAM } from "../../../lib/document-link";

export function useDocumentParam(): {
  documentId: string | null;
  location: ChunkLocation | null;
  close: () => void;
} {
  const [searchParams, setSearchParams] = useSearchParams();
  const close = useCallback(() => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(DOCUMENT_PARAM);
        next.delete(LOCATION_PARAM);
        return next;
      },
      { preventScrollReset: true, replace: true },
    );
  }, [setSearchParams]);
  return {
    documentId: searchParams.get(DOCUMENT_PARAM) || null,
    location: decodeChunkLocation(searchParams.get(LOCATION_PARAM)),
    close,
  };
}
