// The go-to-market playbook the chat journeys give the GTM agent: a short text file that answers "What is our ideal
// customer profile?" in one sentence.
import type { FileContent } from "./knowledge-steps";

export const GTM_PLAYBOOK: FileContent = {
  name: "gtm-playbook.txt",
  mimeType: "text/plain",
  buffer: Buffer.from(
    [
      "Go-to-market playbook",
      "",
      "Our ideal customer profile is a mid-market logistics company with 200 to 2000 employees and its own fleet.",
      "Enterprise plans are billed yearly and include a dedicated onboarding manager.",
      "The first sales channel is partner resellers in Germany and the Netherlands.",
    ].join("\n"),
  ),
};
