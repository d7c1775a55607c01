// POST /api/data-sources: text or a web page ingested through the document pipeline; it then shows in the lists.
import type { CreateDataSource } from "@acp/contracts/inputs";
import type { KnowledgeDocument } from "@acp/contracts/knowledge";
import { mutationOptions } from "@tanstack/react-query";
import { requestJson } from "../request";
import { invalidateKnowledge } from "./documents";

export const DATA_SOURCES_URL = "/api/data-sources";

export type AddDataSourceResponse = { document: KnowledgeDocument };

export function addDataSource(input: CreateDataSource): Promise<AddDataSourceResponse> {
  return requestJson<AddDataSourceResponse>("POST", DATA_SOURCES_URL, input);
}

export function addDataSourceMutationOptions() {
  return mutationOptions({
    mutationKey: ["data-sources", "create"],
    mutationFn: addDataSource,
    onSuccess: (_answer, _input, _result, { client }) => invalidateKnowledge(client),
  });
}
