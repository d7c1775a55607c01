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
  const usage = [
    // Request totals come from the API's request log (DESIGN 8); until it reports them, no number is invented.
    { label: "Total Requests", value: undefined },
    { label: "Active Keys", value: keys ? String(keys.filter((key) => key.isActive).length) : undefined },
    { label: "Success Rate", value: undefined },
  ];
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="API Management"
        description="Manage API keys and external access to your AI agents"
      />
      <div className="grid gap-6 lg:grid-cols-3">
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
