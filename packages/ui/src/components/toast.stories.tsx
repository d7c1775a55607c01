// Storybook stories for the Toast building blocks, rendered statically (the live system is in Toaster).
import type { Meta, StoryObj } from "@storybook/react-vite";
import {
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from "./toast";

const meta = {
  title: "Components/Toast",
  component: Toast,
  parameters: { layout: "fullscreen" },
  args: { variant: "default" },
  argTypes: { variant: { control: "select", options: ["default", "destructive"] } },
  render: (args) => (
    // Infinite duration so the static example does not close itself while being inspected.
    <ToastProvider duration={Number.POSITIVE_INFINITY}>
      <Toast {...args} open>
        <div className="grid gap-1">
          <ToastTitle>{args.variant === "destructive" ? "Deployment failed" : "Agent deployed"}</ToastTitle>
          <ToastDescription>
            {args.variant === "destructive"
              ? "The build timed out after 10 minutes."
              : "Support bot v3 is live."}
          </ToastDescription>
        </div>
        <ToastAction altText="View deployment logs">Logs</ToastAction>
        <ToastClose />
      </Toast>
      <ToastViewport />
    </ToastProvider>
  ),
} satisfies Meta<typeof Toast>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Destructive: Story = { args: { variant: "destructive" } };
