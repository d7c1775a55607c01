// The 404 page of spec section 2, shown for any path the router does not know.
import { NOT_FOUND } from "@acp/contracts/messages";
import { Card, CardContent } from "@acp/ui/components/card";
import { AlertCircle } from "lucide-react";

export function NotFoundPage() {
  return (
    <div className="flex min-h-[60svh] w-full items-center justify-center p-4">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col gap-4">
          <div className="flex items-center gap-2">
            <AlertCircle aria-hidden="true" className="size-8 text-destructive" />
            <h1 className="font-bold text-2xl text-foreground">{NOT_FOUND.title}</h1>
          </div>
          <p className="text-muted-foreground text-sm">{NOT_FOUND.description}</p>
        </CardContent>
      </Card>
    </div>
  );
}
