// The 404 page of spec section 2, shown for any path the router does not know, with a way back home. Signed out it
// is a page of its own, so it brings its own main landmark and title; inside the app the layout provides both.
import { NOT_FOUND } from "@acp/contracts/messages";
import { Button } from "@acp/ui/components/button";
import { Card, CardContent } from "@acp/ui/components/card";
import { AlertCircle, House } from "lucide-react";
import { DocumentTitle } from "../../../components/document-title";

export function NotFoundPage({ standalone = false }: { standalone?: boolean }) {
  const card = (
    <div className="flex min-h-[60svh] w-full items-center justify-center p-4">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col gap-4">
          <div className="flex items-center gap-2">
            <AlertCircle aria-hidden="true" className="size-8 shrink-0 text-destructive" />
            <h1 className="font-bold text-2xl text-foreground">{NOT_FOUND.title}</h1>
          </div>
          <p className="text-muted-foreground text-sm">{NOT_FOUND.description}</p>
          <Button asChild variant="outline" className="self-start">
            {/* A full load: signed out there is no router, and "/" is where the server decides what to show. */}
            <a href="/">
              <House aria-hidden="true" />
              Go to the home page
            </a>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
  if (!standalone) return card;
  return (
    <main className="min-h-svh bg-background">
      <DocumentTitle page={NOT_FOUND.title} />
      {card}
    </main>
  );
}
