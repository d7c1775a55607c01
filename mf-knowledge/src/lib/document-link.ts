// The search parameters that open a document's detail over the current page (`?document=<id>&at=<location>`),
// so a link from the retrieval lab or another screen needs no route of its own in the shell.
import type { ChunkLocation } from "@acp/contracts/knowledge";
import { encodeChunkLocation } from "./chunk-location";

export const DOCUMENT_PARAM = "document";
export const LOCATION_PARAM = "at";

export function documentDetailSearch(
  current: URLSearchParams,
  documentId: string,
  location?: ChunkLocation | null,
): string {
  const next = new URLSearchParams(current);
  next.set(DOCUMENT_PARAM, documentId);
  if (location) next.set(LOCATION_PARAM, encodeChunkLocation(location));
  else next.delete(LOCATION_PARAM);
  return `?${next.toString()}`;
}
