// Storybook stories for ConfirmDialog: a delete confirmation whose action takes a moment, and one with a trigger.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { Button } from "./button";
import { ConfirmDialog } from "./confirm-dialog";

const meta = {
  title: "Components/ConfirmDialog",
  component: ConfirmDialog,
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const base = {
  open: false,
  onOpenChange: () => {},
  title: "Delete Support assistant?",
  description: "The agent, its settings and its conversations are removed. This cannot be undone.",
  confirmLabel: "Delete",
  pendingLabel: "Deleting…",
  pending: false,
  onConfirm: () => {},
};

/** Opened from a row's button; the delete runs for two seconds, during which the dialog cannot be closed. */
export const FromARow: Story = {
  args: base,
  render: (args) => {
    const [open, setOpen] = useState(false);
    const [pending, setPending] = useState(false);
    const confirm = () => {
      setPending(true);
      setTimeout(() => {
        setPending(false);
        setOpen(false);
      }, 2000);
    };
    return (
      <>
        <Button variant="outline" onClick={() => setOpen(true)}>
          Delete Support assistant
        </Button>
        <ConfirmDialog {...args} open={open} onOpenChange={setOpen} pending={pending} onConfirm={confirm} />
      </>
    );
  },
};

/** The pending state: both buttons wait and Escape, Cancel and the overlay do nothing. */
export const Pending: Story = { args: { ...base, open: true, pending: true } };

/** With its own trigger, which gets focus back on close. */
export const WithTrigger: Story = {
  args: {
    ...base,
    title: "Cancel Live run?",
    description: "Training stops now and the agent keeps answering as it did before.",
    confirmLabel: "Cancel job",
    pendingLabel: "Cancelling…",
    cancelLabel: "Keep training",
  },
  render: (args) => {
    const [open, setOpen] = useState(false);
    return (
      <ConfirmDialog
        {...args}
        open={open}
        onOpenChange={setOpen}
        onConfirm={() => setOpen(false)}
        trigger={<Button variant="destructive">Cancel job</Button>}
      />
    );
  },
};
