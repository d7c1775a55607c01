// "API Management" (spec section 2): API keys, usage, public endpoints and the API documentation.
import { Card, CardContent, CardHeader, CardTitle } from "@acp/ui/components/card";
import { useApiKeys } from "../features/api-keys/api/get-api-keys";
import { ApiKeysCard } from "../features/api-keys/components/api-keys-card";
import { ApiDocumentationCard } from "../features/docs/components/api-documentation-card";
import { PublicEndpointsCard } from "../features/endpoints/components/public-endpoints-card";

export function ApiManagementPage() {
  const { data: keys } = useApiKeys();
  const usage = [
    // Request totals come from the API's request log (DESIGN 8); until it reports them, no number is invented.
    { label: "Total Requests", value: "—" },
    { label: "Active Keys", value: keys ? String(keys.filter((key) => key.isActive).length) : "—" },
    { label: "Success Rate", value: "—" },
  ];
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-1">
        <h1 className="font-bold text-3xl tracking-tight">API Management</h1>
        <p className="text-muted-foreground">Manage API keys and external access to your AI agents</p>
      </header>
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
              <dl className="flex flex-col gap-3 text-sm">
                {usage.map((row) => (
                  <div key={row.label} className="flex items-center justify-between gap-4">
                    <dt className="text-muted-foreground">{row.label}</dt>
                    <dd className="font-medium tabular-nums">{row.value}</dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
          <PublicEndpointsCard />
        </div>
      </div>
    </div>
  );
}
