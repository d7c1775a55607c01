-- RETRIEVAL: a user too large for the in-memory postings is searched through the database; a GIN index on
-- term_counts (jsonb_ops answers `?`) lets that search read only the chunks holding a query term instead of all of them.
CREATE INDEX "document_chunks_term_counts_index" ON "document_chunks" USING gin ("term_counts");
