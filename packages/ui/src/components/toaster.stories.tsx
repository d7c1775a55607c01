// Storybook story for the live toast system: buttons raise toasts through toast() into <Toaster/>.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { toast } from "../hooks/use-toast";
import { Button } from "./button";
import { ToastAction } from "./toast";
import { Toaster } from "./toaster";

const meta = {
  title: "Components/Toaster",
  component: Toaster,
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof Toaster>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args) => (
    <div className="flex min-h-svh flex-wrap items-center justify-center gap-3 p-8">
      <Button
        onClick={() =>
          toast({ title: "Agent deployed", description: "Support assistant v3 is now answering customers." })
        }
      >
        Raise default toast
      </Button>
      <Button
        variant="destructive"
        onClick={() =>
          toast({
            variant: "destructive",
            title: "Training failed",
            description: "3 documents could not be parsed.",
            action: <ToastAction altText="Retry training">Retry</ToastAction>,
          })
        }
      >
        Raise destructive toast
      </Button>
      <Button
        variant="outline"
        onClick={() => {
          const handle = toast({ title: "Uploading documents…", description: "0 of 38" });
          setTimeout(() => handle.update({ title: "Upload complete", description: "38 of 38" }), 1500);
        }}
      >
        Raise and update
      </Button>
      <p className="w-full text-center text-muted-foreground text-sm">
        One toast at a time; it closes after 5 s, on swipe right, or with the close button. Press F8 to focus
        it.
      </p>
      <Toaster {...args} />
    </div>
  ),
};
