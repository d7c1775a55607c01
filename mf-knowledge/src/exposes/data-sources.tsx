// Federation entry of ./DataSources: the agent data sources card (text and web pages for one agent).
import { DataSourcesCard } from "../features/data-sources/components/data-sources-card";

export type DataSourcesProps = {
  /** The agent chosen first; the user can still pick another. */
  defaultAgentId?: string | undefined;
};

export default function DataSources({ defaultAgentId }: DataSourcesProps) {
  return <DataSourcesCard defaultAgentId={defaultAgentId ?? "gtm"} />;
}
