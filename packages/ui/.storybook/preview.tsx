// Global Storybook setup: design-system CSS, a light/dark toolbar switch and the app-wide tooltip provider.
import type { Decorator, Preview } from "@storybook/react-vite";
import { useEffect } from "react";
import { TooltipProvider } from "../src/components/tooltip";
import "./preview.css";

const withTheme: Decorator = (Story, context) => {
  const dark = context.globals.theme === "dark";
  // The .dark class goes on <html> as in the apps, so portalled content (dialogs, toasts) is themed too.
  useEffect(() => {
    document.documentElement.classList.toggle("dark", dark);
  }, [dark]);
  return (
    <TooltipProvider>
      <Story />
    </TooltipProvider>
  );
};

const preview: Preview = {
  decorators: [withTheme],
  globalTypes: {
    theme: {
      description: "Colour theme",
      toolbar: {
        title: "Theme",
        icon: "mirror",
        items: [
          { value: "light", title: "Light" },
          { value: "dark", title: "Dark" },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: "light" },
  parameters: {
    layout: "centered",
    controls: { expanded: true },
  },
};

export default preview;
