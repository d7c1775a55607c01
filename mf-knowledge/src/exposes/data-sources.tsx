// Federation entry of ./DataSources: the agent data sources card (text and web pages for one agent).
import type { ExposedComponent, ExposedProps } from "@acp/federation/remotes";
import { DataSourcesCard } from "../features/data-sources/components/data-sources-card";

export type DataSourcesProps = ExposedProps<"mf-knowledge", "./DataSources">;

function DataSources({ defaultAgentId }: DataSourcesProps) {
  return <DataSourcesCard defaultAgentId={defaultAgentId ?? "gtm"} />;
}

export default DataSources satisfies ExposedComponent<"mf-knowledge", "./DataSources">;
