// Global Storybook setup of the remote: design-system CSS and what the shell gives a remote (router, tooltips, the
// toast layer). Each story brings its own QueryClient and API answers.
import { MemoryRouter } from "@acp/router";
import { Toaster } from "@acp/ui/components/toaster";
import { TooltipProvider } from "@acp/ui/components/tooltip";
import type { Decorator, Preview } from "@storybook/react-vite";
import "./preview.css";

const withShell: Decorator = (Story) => (
  <TooltipProvider>
    <MemoryRouter>
      <Story />
    </MemoryRouter>
    <Toaster />
  </TooltipProvider>
);

const preview: Preview = {
  decorators: [withShell],
  parameters: {
    layout: "padded",
    controls: { expanded: true },
  },
};

export default preview;
