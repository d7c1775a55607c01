// The chat card (spec section 2 "Chat card", issue 20): 600 px high, three sample questions, the agent's
// conversations, the messages with their sources, and the question box; answers stream in and can be stopped.

import { errorMessage } from "@acp/client/http-error";
import { findBuiltInAgent } from "@acp/contracts/agents";
import type { ChatConversation, ChatMessage, ChatModelInfo, ChatSource } from "@acp/contracts/chat";
import { modelDisplayName } from "@acp/contracts/constants";
import { Badge } from "@acp/ui/components/badge";
import { Card, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { CardState } from "@acp/ui/components/card-state";
import { MessageSquare, MessagesSquare } from "lucide-react";
import { useCallback, useEffect, useEffectEvent, useId, useMemo, useRef, useState } from "react";
import { useCreateConversation } from "../api/create-conversation";
import { useChatModel } from "../api/get-chat-model";
import { useAgentConversations } from "../api/get-conversations";
import { useMessages } from "../api/get-messages";
import { useChatStream } from "../hooks/use-chat-stream";
import { selectConversation } from "../lib/conversation-selection";
import { sampleQueriesFor } from "../sample-queries";
import { ChatComposer } from "./chat-composer";
import { preloadAnswerMarkdownWhenIdle } from "./chat-message";
import { CitedPassageDialog } from "./cited-passage-dialog";
import { ConversationPicker } from "./conversation-picker";
import { MessageList } from "./message-list";
import { SampleQueryStrip } from "./sample-query-strip";

/** A question a caller asks through the card; each new `nonce` asks once (the same text may be asked again). */
export type ChatPrompt = { text: string; nonce: number };

export type ChatCardProps = {
  /** A built-in agent's id (gtm, legal, …) or, with `customAgentId`, the custom agent's type. */
  agentType: string;
  customAgentId?: string | undefined;
  /**
   * A question to ask, e.g. from a wizard's sample buttons. Only a nonce that changes while the card is mounted
   * asks: the prompt a card mounts with counts as already asked, so remounting (moving between wizard steps) never
   * sends it twice.
   */
  prompt?: ChatPrompt | undefined;
  /** False where the page shows the same sample questions itself (the wizards); true by default. */
  showSampleQueries?: boolean | undefined;
  /** The agent's name in the title and prompts; a built-in agent's own name by default. */
  agentName?: string | undefined;
};

export const OFFLINE_MODE_LABEL = "Offline mode";
export const OFFLINE_MODE_DESCRIPTION =
  "Answers are drawn from your documents by the built-in grounded responder.";

const NO_CONVERSATIONS: readonly ChatConversation[] = [];
const NO_MESSAGES: readonly ChatMessage[] = [];

function ModelBadge({ model }: { model: ChatModelInfo | undefined }) {
  if (!model) return null;
  return model.offline ? (
    <Badge variant="secondary">{OFFLINE_MODE_LABEL}</Badge>
  ) : (
    <Badge variant="outline" className="max-w-full [overflow-wrap:anywhere]">
      <span className="sr-only">Model: </span>
      <span>{modelDisplayName(model.model)}</span>
    </Badge>
  );
}

export function ChatCard({
  agentType,
  customAgentId,
  prompt,
  showSampleQueries = true,
  agentName: givenName,
}: ChatCardProps) {
  const filters = useMemo(() => ({ agentType, customAgentId }), [agentType, customAgentId]);
  // A custom agent of type "gtm" is not the GTM Strategy agent: it goes by its own name or none.
  const agentName = givenName ?? (customAgentId ? undefined : findBuiltInAgent(agentType)?.name);
  const conversations = useAgentConversations(filters);
  const list = conversations.data ?? NO_CONVERSATIONS;
  const [chosenId, setChosenId] = useState<string | null>(null);
  const active = selectConversation(list, chosenId);
  const messages = useMessages(active?.id);
  const model = useChatModel();
  const stream = useChatStream();
  const creation = useCreateConversation(filters);
  const [draft, setDraft] = useState("");
  const [notice, setNotice] = useState("");
  /** Shown under the box after Enter created a conversation and kept the typed question (spec section 4). */
  const [sendHint, setSendHint] = useState(false);
  const [openSource, setOpenSource] = useState<ChatSource | null>(null);
  const inputRef = useRef<HTMLTextAreaElement | null>(null);
  const newButtonRef = useRef<HTMLButtonElement | null>(null);
  const selectRef = useRef<HTMLButtonElement | null>(null);
  const titleId = useId();

  const sending = stream.isSending || creation.isPending;
  const streaming = stream.isSending && stream.turn?.phase === "streaming";
  const turn = stream.turn && stream.turn.conversationId === active?.id ? stream.turn : null;

  const sendQuestion = (conversationId: string | undefined, question: string, fromDraft: boolean) => {
    if (fromDraft) setDraft("");
    stream.send(conversationId, question, (result) => {
      // A question the server never stored goes back into the box, so nothing typed is lost.
      if (result === "not-sent") setDraft((current) => (current === "" ? question : current));
    });
  };

  const startConversation = (then?: (created: ChatConversation) => void) =>
    creation.create((created) => {
      setChosenId(created.id);
      setNotice(`Started “${created.title}”.`);
      then?.(created);
    });

  const submitDraft = () => {
    const question = draft.trim();
    if (question === "" || sending) return;
    inputRef.current?.focus();
    if (!active) {
      // Spec section 4: sending with no conversation creates one and does not send the message; the text stays in
      // the box for the user to send into the new conversation.
      startConversation((created) => {
        setNotice(`Started “${created.title}”. Press Enter to send your message.`);
        setSendHint(true);
      });
      return;
    }
    setSendHint(false);
    sendQuestion(active.id, question, true);
  };

  const ask = (question: string) => {
    if (sending) {
      // One question at a time: keep this one in the box to send next.
      setDraft(question);
      inputRef.current?.focus();
      return;
    }
    // The sample buttons are disabled while the answer streams, so focus would be lost with them.
    inputRef.current?.focus();
    if (!active) {
      // Unlike typing into an empty card (spec section 4: create, then wait), a sample question or a caller's prompt
      // is an explicit request to ask that question: create the conversation, then send it.
      startConversation((created) => sendQuestion(created.id, question, false));
      return;
    }
    sendQuestion(active.id, question, false);
  };

  const askPrompt = useEffectEvent((text: string) => ask(text));
  const handledNonce = useRef(prompt?.nonce);
  const listKnown = !conversations.isPending;
  useEffect(() => {
    // Waits for the list: whether a conversation exists decides between sending and creating one first.
    if (!prompt || prompt.nonce === handledNonce.current || !listKnown) return;
    handledNonce.current = prompt.nonce;
    askPrompt(prompt.text);
  }, [prompt, listKnown]);

  // Stop disappears when the answer ends; focus that was on it would fall to the page, so it goes to the box.
  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && !stream.isSending) {
      const focused = document.activeElement;
      if (focused === null || focused === document.body) inputRef.current?.focus();
    }
    wasSending.current = stream.isSending;
  }, [stream.isSending]);

  useEffect(() => preloadAnswerMarkdownWhenIdle(), []);

  const onOpenSource = useCallback((source: ChatSource) => setOpenSource(source), []);

  const placeholder = conversations.isPending ? (
    <CardState status="loading" loadingLabel="Loading conversations…" rows={3}>
      {() => null}
    </CardState>
  ) : conversations.isError ? (
    <CardState
      status="error"
      loadingLabel=""
      errorMessage={`Conversations could not be loaded: ${errorMessage(conversations.error)}`}
      onRetry={() => void conversations.refetch()}
    >
      {() => null}
    </CardState>
  ) : !active ? (
    <CardState
      status="empty"
      loadingLabel=""
      empty={{
        icon: <MessagesSquare aria-hidden="true" />,
        title: "Start a conversation",
        description: "Type a question, press New, or ask one of the sample questions.",
        compact: true,
      }}
    >
      {() => null}
    </CardState>
  ) : messages.isPending ? (
    <CardState status="loading" loadingLabel="Loading messages…" rows={3}>
      {() => null}
    </CardState>
  ) : messages.isError ? (
    <CardState
      status="error"
      loadingLabel=""
      errorMessage={`Messages could not be loaded: ${errorMessage(messages.error)}`}
      onRetry={() => void messages.refetch()}
    >
      {() => null}
    </CardState>
  ) : messages.data.length === 0 && !turn ? (
    <CardState
      status="empty"
      loadingLabel=""
      empty={{
        icon: <MessageSquare aria-hidden="true" />,
        title: "No messages yet",
        description: `Ask ${agentName ? `the ${agentName} agent` : "the agent"} about your documents: answers cite the passages they use.`,
        compact: true,
      }}
    >
      {() => null}
    </CardState>
  ) : undefined;

  return (
    <Card aria-labelledby={titleId} role="region" className="h-[600px] min-w-0 gap-0 overflow-hidden py-0">
      <CardHeader className="gap-3 border-b px-4 py-4 sm:px-6">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <CardTitle id={titleId} className="flex min-w-0 items-center gap-2 [overflow-wrap:anywhere]">
            <MessageSquare aria-hidden="true" className="size-4 shrink-0 text-primary" />
            {agentName ? `${agentName} Chat` : "Agent Chat"}
          </CardTitle>
          <ModelBadge model={model.data} />
        </div>
        {model.data?.offline ? (
          <CardDescription className="max-sm:text-xs">{OFFLINE_MODE_DESCRIPTION}</CardDescription>
        ) : null}
        <ConversationPicker
          conversations={list}
          active={active}
          onSelect={(id) => setChosenId(id)}
          onNew={() => startConversation(() => inputRef.current?.focus())}
          creating={creation.isPending}
          onRenamed={(title) => setNotice(`Renamed to “${title}”.`)}
          onDeleted={(deleted) => {
            if (chosenId === deleted.id) setChosenId(null);
            setNotice(`Deleted “${deleted.title}”.`);
            const remaining = list.filter((item) => item.id !== deleted.id).length;
            return remaining > 0 ? selectRef.current : newButtonRef.current;
          }}
          newButtonRef={newButtonRef}
          selectRef={selectRef}
        />
      </CardHeader>
      <div className="pt-3">
        {showSampleQueries && (
          <SampleQueryStrip queries={sampleQueriesFor(agentType)} disabled={sending} onAsk={ask} />
        )}
      </div>
      <MessageList
        messages={messages.data ?? NO_MESSAGES}
        turn={turn}
        placeholder={placeholder}
        onOpenSource={onOpenSource}
      />
      {sendHint && draft.trim() !== "" ? (
        <p className="px-4 pt-2 text-muted-foreground text-xs sm:px-6">
          Conversation created. Press Enter to send your message.
        </p>
      ) : null}
      <ChatComposer
        value={draft}
        onChange={(value) => {
          setDraft(value);
          if (value.trim() === "") setSendHint(false);
        }}
        onSend={submitDraft}
        onStop={() => {
          stream.stop();
          inputRef.current?.focus();
        }}
        sending={sending}
        streaming={streaming}
        inputRef={inputRef}
        placeholder={agentName ? `Ask the ${agentName} agent…` : "Ask the agent…"}
      />
      <p role="status" className="sr-only">
        {notice}
      </p>
      <p role="status" className="sr-only">
        {stream.announcement}
      </p>
      <CitedPassageDialog source={openSource} onClose={() => setOpenSource(null)} />
    </Card>
  );
}
