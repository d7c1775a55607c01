// The agent options of a Select: the built-in agents, then the user's custom agents under their own heading.
import { SelectGroup, SelectItem, SelectLabel, SelectSeparator } from "@acp/ui/components/select";
import type { AgentChoice } from "../hooks/use-agent-choices";

export function AgentSelectItems({
  builtIn,
  custom,
}: {
  builtIn: readonly AgentChoice[];
  custom: readonly AgentChoice[];
}) {
  return (
    <>
      {builtIn.map((agent) => (
        <SelectItem key={agent.id} value={agent.id}>
          {agent.label}
        </SelectItem>
      ))}
      {custom.length > 0 ? (
        <>
          <SelectSeparator />
          <SelectGroup>
            <SelectLabel>Custom agents</SelectLabel>
            {custom.map((agent) => (
              <SelectItem key={agent.id} value={agent.id}>
                {agent.label}
              </SelectItem>
            ))}
          </SelectGroup>
        </>
      ) : null}
    </>
  );
}
