// One answer's notes: a stopped answer says it was stopped, a failed one why, and one the server never finished
// (interrupted by a restart) says so in words for people and asks to ask again, with no empty bubble left unexplained.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { chatMessage } from "../test/fixtures";
import { ChatMessageView } from "./chat-message";

afterEach(cleanup);

const noop = () => undefined;

describe("ChatMessageView notes", () => {
  it("shows an interrupted answer as a note saying the server restarted and to ask again", () => {
    render(
      <ChatMessageView
        message={chatMessage({
          id: "a1",
          role: "assistant",
          content: "",
          status: "interrupted",
          model: null,
          error: "The server restarted before this question was answered. Ask again.",
        })}
        onOpenSource={noop}
      />,
    );
    const note = screen.getByText("The server restarted before this question was answered. Ask again.");
    // In the agent's bubble, where the answer would have been, and nothing else in it.
    expect(note.closest("div")?.textContent).toBe(
      "Agent: The server restarted before this question was answered. Ask again.",
    );
  });

  it("words an interrupted answer itself when the server gave no reason", () => {
    render(
      <ChatMessageView
        message={chatMessage({
          id: "a1",
          role: "assistant",
          content: "",
          status: "interrupted",
          model: null,
        })}
        onOpenSource={noop}
      />,
    );
    expect(screen.getByText("This answer was interrupted before it was written. Ask again.")).toBeTruthy();
  });

  it("keeps the stopped and failed notes, and none on a complete answer", () => {
    const { rerender } = render(
      <ChatMessageView
        message={chatMessage({
          id: "a1",
          role: "assistant",
          content: "Partial",
          status: "stopped",
          error: "Stopped before the answer was finished.",
        })}
        onOpenSource={noop}
      />,
    );
    expect(screen.getByText("Stopped before the answer was finished.")).toBeTruthy();
    rerender(
      <ChatMessageView
        message={chatMessage({
          id: "a2",
          role: "assistant",
          content: "",
          status: "failed",
          error: "Model down.",
        })}
        onOpenSource={noop}
      />,
    );
    expect(screen.getByText("Model down.")).toBeTruthy();
    rerender(
      <ChatMessageView
        message={chatMessage({ id: "a3", role: "assistant", content: "Done." })}
        onOpenSource={noop}
      />,
    );
    expect(screen.queryByText(/restarted|interrupted/)).toBeNull();
  });
});
