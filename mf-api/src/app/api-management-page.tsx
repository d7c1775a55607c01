// "API Management" (spec section 2): API keys, usage from the request log, public endpoints with their Test box, and
// the API documentation with examples naming one of the user's own public agents when there is one.
import { PageHeader } from "@acp/ui/components/page-header";
import { ApiKeysCard } from "../features/api-keys/components/api-keys-card";
import { ApiDocumentationCard } from "../features/docs/components/api-documentation-card";
import { usePublicAgents } from "../features/endpoints/api/get-public-agents";
import { PublicEndpointsCard } from "../features/endpoints/components/public-endpoints-card";
import { ApiUsageCard } from "../features/usage/components/api-usage-card";

export function ApiManagementPage() {
  const { publicAgents } = usePublicAgents();
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="API Management"
        description="Manage API keys and external access to your AI agents"
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <ApiKeysCard />
          <ApiDocumentationCard endpoint={publicAgents[0]?.apiEndpoint} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <ApiUsageCard />
          <PublicEndpointsCard />
        </div>
      </div>
    </div>
  );
}
