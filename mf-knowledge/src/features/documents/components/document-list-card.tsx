// The main document list, searched, filtered and paged on the server (fast at 10,000 documents): one page of the
// user's documents with their status, refreshed every 5 s (every second while one on it is processed), where it sits
// in the whole list, and an empty or no-match state.
import { errorMessage } from "@acp/client/http-error";
import type { DocumentPageParams } from "@acp/client/knowledge/documents";
import { DOCUMENT_PAGE_SIZE } from "@acp/contracts/knowledge-constants";
import { Button } from "@acp/ui/components/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { CardState, cardStatus } from "@acp/ui/components/card-state";
import { EmptyState } from "@acp/ui/components/empty-state";
import { Skeleton } from "@acp/ui/components/skeleton";
import { cn } from "@acp/ui/lib/cn";
import { FolderOpen, SearchX } from "lucide-react";
import { useEffect, useState } from "react";
import { useDocumentPage } from "../api/get-document-page";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import {
  ANY,
  DocumentFilters,
  type DocumentFilterValues,
  filtersActive,
  NO_FILTERS,
} from "./document-filters";
import { DocumentList } from "./document-list";
import { DocumentPager } from "./document-pager";

/** Rows shaped like the list's, for CardState to show (and announce) while the list loads. */
export function DocumentListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="flex flex-col divide-y rounded-lg border">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <div key={index} className="flex items-start gap-3 px-3 py-3 sm:px-4">
          <Skeleton className="size-5 shrink-0" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
          </div>
          <Skeleton className="h-5 w-16" />
        </div>
      ))}
    </div>
  );
}

/** How long the search box waits for typing to pause before it asks. */
export const SEARCH_DEBOUNCE_MS = 300;

function pageParams(filters: DocumentFilterValues, offset: number): DocumentPageParams {
  const pick = (value: string) => (value === ANY ? undefined : value);
  return {
    q: filters.q.trim() || undefined,
    status: pick(filters.status) as DocumentPageParams["status"],
    agent: pick(filters.agent),
    type: pick(filters.type) as DocumentPageParams["type"],
    limit: DOCUMENT_PAGE_SIZE.default,
    offset,
  };
}

export function DocumentListCard() {
  const [filters, setFilters] = useState<DocumentFilterValues>(NO_FILTERS);
  const [offset, setOffset] = useState(0);
  const q = useDebouncedValue(filters.q, SEARCH_DEBOUNCE_MS);
  const params = pageParams({ ...filters, q }, offset);
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useDocumentPage(params);
  const filtered = filtersActive({ ...filters, q });
  // A page emptied by deletions (or by documents going elsewhere) gives way to the last page that has any.
  const total = data?.total ?? 0;
  useEffect(() => {
    if (data && !isPlaceholderData && data.documents.length === 0 && offset > 0) {
      setOffset(
        total === 0 ? 0 : Math.floor((total - 1) / DOCUMENT_PAGE_SIZE.default) * DOCUMENT_PAGE_SIZE.default,
      );
    }
  }, [data, isPlaceholderData, offset, total]);
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle asChild>
          <h2>Documents</h2>
        </CardTitle>
        <CardDescription>Select a document to see what was extracted from it.</CardDescription>
      </CardHeader>
      <CardContent className="flex min-w-0 flex-col gap-4">
        <DocumentFilters
          filters={filters}
          onChange={(next) => {
            setFilters(next);
            setOffset(0);
          }}
        />
        <CardState
          status={cardStatus({ loading: isPending, error: isError })}
          loadingLabel="Loading documents…"
          placeholder={<DocumentListSkeleton />}
          errorMessage={`Documents could not be loaded: ${errorMessage(error)}`}
          onRetry={() => void refetch()}
        >
          {() => (
            <div
              aria-busy={isPlaceholderData}
              className={cn("flex min-w-0 flex-col gap-3", isPlaceholderData && "opacity-60")}
            >
              {data && data.total > 0 ? (
                <DocumentPager
                  offset={data.offset}
                  limit={data.limit}
                  count={data.documents.length}
                  total={data.total}
                  onOffset={setOffset}
                />
              ) : null}
              {/* The list shows its own empty state: focus lands on it when the last document is deleted. */}
              <DocumentList
                documents={data?.documents ?? []}
                empty={
                  filtered ? (
                    <EmptyState
                      icon={<SearchX aria-hidden="true" />}
                      title="No documents match"
                      description="No document matches this search and these filters."
                    >
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => {
                          setFilters(NO_FILTERS);
                          setOffset(0);
                        }}
                      >
                        Clear filters
                      </Button>
                    </EmptyState>
                  ) : (
                    <EmptyState
                      icon={<FolderOpen aria-hidden="true" />}
                      title="No documents yet"
                      description="Documents you upload appear here while they are processed, and your agents answer from them once they are."
                    />
                  )
                }
              />
            </div>
          )}
        </CardState>
      </CardContent>
    </Card>
  );
}
