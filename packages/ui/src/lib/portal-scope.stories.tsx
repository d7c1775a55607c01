// Storybook stories for PortalScopeProvider: a dialog portalled into <body> still carries the opener's scope.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button } from "../components/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "../components/dialog";
import { PortalScopeProvider } from "./portal-scope";

const meta = {
  title: "Lib/PortalScope",
  component: PortalScopeProvider,
  args: { attributes: { "data-remote": "mf-api" }, children: null },
} satisfies Meta<typeof PortalScopeProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DialogInsideARemote: Story = {
  render: (args) => (
    <PortalScopeProvider attributes={args.attributes}>
      <Dialog>
        <DialogTrigger asChild>
          <Button>Open dialog</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Create API key</DialogTitle>
          <DialogDescription>
            Inspect this dialog: it is rendered into &lt;body&gt; and carries data-remote="mf-api", so the
            remote's scoped utilities still apply.
          </DialogDescription>
        </DialogContent>
      </Dialog>
    </PortalScopeProvider>
  ),
};
