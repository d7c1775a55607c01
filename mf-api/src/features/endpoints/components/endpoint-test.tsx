// The Test box of one public endpoint: a message (blank: "Please enter a test message"), sent as an outside caller
// would, then the agent's reply with its sources, or the spec's "Error: …" / "Network error: …" line.
import { publicAgentRequestSchema } from "@acp/contracts/inputs";
import { VALIDATION } from "@acp/contracts/messages";
import { Button } from "@acp/ui/components/button";
import { Input } from "@acp/ui/components/input";
import { Label } from "@acp/ui/components/label";
import { Loader2, Send } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTestPublicEndpoint } from "../api/test-public-endpoint";

export function EndpointTest({
  apiEndpoint,
  agentName,
  id,
}: {
  apiEndpoint: string;
  agentName: string;
  id?: string;
}) {
  const fieldId = useId();
  const [message, setMessage] = useState("");
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const test = useTestPublicEndpoint();
  const outcome = test.data;
  // Opened by its Test button: the message field is what the user came for.
  useEffect(() => input.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = publicAgentRequestSchema.safeParse({ message });
    if (!parsed.success) {
      setInvalid(true);
      test.reset();
      input.current?.focus();
      return;
    }
    test.mutate({ apiEndpoint, message: parsed.data.message });
  };

  return (
    <div id={id} className="flex min-w-0 flex-col gap-3 border-t pt-3">
      <form
        noValidate
        onSubmit={submit}
        aria-label={`Test ${agentName}`}
        className="flex min-w-0 flex-col gap-2"
      >
        <Label htmlFor={`${fieldId}-message`}>Test message</Label>
        {/* Wraps by its own width, not the screen's: the card is narrow in the page's side column. */}
        <div className="flex min-w-0 flex-wrap gap-2">
          <Input
            ref={input}
            id={`${fieldId}-message`}
            value={message}
            autoComplete="off"
            className="min-w-48 flex-1"
            placeholder="Ask this agent something"
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${fieldId}-error` : undefined}
            onChange={(event) => {
              setMessage(event.target.value);
              setInvalid(false);
            }}
          />
          <Button type="submit" disabled={test.isPending}>
            {test.isPending ? (
              <Loader2 aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
            ) : (
              <Send aria-hidden="true" />
            )}
            {test.isPending ? "Sending…" : "Send"}
          </Button>
        </div>
        {invalid ? (
          <p id={`${fieldId}-error`} role="alert" className="text-destructive text-sm">
            {VALIDATION.apiTestMessage}
          </p>
        ) : null}
      </form>
      <div aria-live="polite" aria-busy={test.isPending} className="min-w-0">
        {outcome?.kind === "error" ? (
          <p role="alert" className="break-words text-destructive text-sm">
            {outcome.message}
          </p>
        ) : null}
        {outcome?.kind === "reply" ? (
          <section aria-label={`Reply from ${agentName}`} className="flex min-w-0 flex-col gap-2">
            <h4 className="font-medium text-sm">Reply</h4>
            <p className="whitespace-pre-wrap break-words rounded-md bg-muted px-3 py-2 text-sm">
              {outcome.response}
            </p>
            {outcome.sources.length > 0 ? (
              <>
                <h4 className="font-medium text-sm">Sources</h4>
                <ol className="flex min-w-0 flex-col gap-1.5 text-xs">
                  {outcome.sources.map((source) => (
                    <li
                      key={source.number}
                      className="flex min-w-0 flex-col gap-0.5 rounded-md border px-2.5 py-1.5"
                    >
                      <span className="break-words font-medium">
                        [{source.number}] {source.documentName}
                      </span>
                      {source.excerpt ? (
                        <span className="line-clamp-3 break-words text-muted-foreground">
                          {source.excerpt}
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ol>
              </>
            ) : (
              <p className="text-muted-foreground text-xs">No sources were given for this reply.</p>
            )}
          </section>
        ) : null}
      </div>
    </div>
  );
}
