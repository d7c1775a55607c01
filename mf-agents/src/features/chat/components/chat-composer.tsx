// The question box: Enter sends, Shift+Enter starts a new line (spec section 2); Send is disabled for blank input
// or while sending (section 5); Stop shows while an answer streams.
import { CHAT_MESSAGE_MAX_CHARS } from "@acp/contracts/constants";
import { Button } from "@acp/ui/components/button";
import { Textarea } from "@acp/ui/components/textarea";
import { SendHorizontal, Square } from "lucide-react";
import { type KeyboardEvent, type Ref, useId } from "react";

export function ChatComposer({
  value,
  onChange,
  onSend,
  onStop,
  sending,
  streaming,
  inputRef,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  /** A question is on its way (or its conversation is being created): Send waits. */
  sending: boolean;
  /** An answer is streaming: Stop is offered. */
  streaming: boolean;
  inputRef: Ref<HTMLTextAreaElement>;
  placeholder: string;
}) {
  const hintId = useId();
  const canSend = value.trim() !== "" && !sending;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME composing a character uses Enter to confirm it, not to send.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  };
  return (
    <form
      className="flex items-end gap-2 border-t px-4 py-3 sm:px-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) onSend();
      }}
    >
      <Textarea
        ref={inputRef}
        aria-label="Message"
        aria-describedby={hintId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        rows={1}
        maxLength={CHAT_MESSAGE_MAX_CHARS}
        className="max-h-32 min-h-10 min-w-0 flex-1 resize-none"
      />
      <span id={hintId} className="sr-only">
        Enter sends the message; Shift+Enter starts a new line.
      </span>
      {streaming ? (
        <Button type="button" variant="outline" onClick={onStop}>
          <Square aria-hidden="true" className="fill-current" />
          Stop
        </Button>
      ) : null}
      <Button type="submit" size="icon" disabled={!canSend} aria-label="Send message">
        <SendHorizontal aria-hidden="true" />
      </Button>
    </form>
  );
}
