// Adds a text or web-page data source; it goes through the document pipeline and shows in the document list.
import { addDataSourceMutationOptions } from "@acp/client/knowledge/data-sources";
import { useMutation } from "@tanstack/react-query";

export function useAddDataSource() {
  return useMutation(addDataSourceMutationOptions());
}
