// The React Query the shell provides to every remote, in place of the whole package: the exports the apps use. A
// shared package cannot be tree-shaken, and these are what the Overview needs of it (2.9 KiB gzip less than all of
// it). Code keeps importing "@tanstack/react-query"; only the shell's federation config points the shared package
// here (`sharedSingletons` in @acp/federation/shared). A new export used by any app goes on this list, which a test
// of @acp/federation checks against every import of the repository.
export {
  keepPreviousData,
  MutationCache,
  mutationOptions,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  queryOptions,
  useIsMutating,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
