// Renders the page's toasts from the shared store; mount exactly once, in the host app's root.
import { useToast } from "../hooks/use-toast";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";

export type ToasterProps = {
  /** Localised accessible name of the close button on each toast. */
  closeLabel?: string;
  /** Localised landmark label; Radix replaces {hotkey} with the shortcut (F8). */
  viewportLabel?: string;
};

export function Toaster({ closeLabel, viewportLabel }: ToasterProps) {
  const { toasts } = useToast();
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose label={closeLabel} />
        </Toast>
      ))}
      <ToastViewport label={viewportLabel} />
    </ToastProvider>
  );
}
