// Test helper: a stubbed XMLHttpRequest for uploads (progress and answers driven by the test); fetch calls are stubbed
// with @acp/federation/mock-api.
import { vi } from "vitest";

type ProgressListener = ((event: ProgressEvent) => void) | null;

/** A stand-in XMLHttpRequest the test drives: it reports upload progress and answers when told to. */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  method = "";
  url = "";
  withCredentials = false;
  responseType = "";
  status = 0;
  statusText = "";
  responseText = "";
  body: FormData | undefined;
  upload: { onprogress: ProgressListener } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown, statusText = "") {
    this.status = status;
    this.statusText = statusText;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

export function stubXhr(): typeof FakeXhr {
  FakeXhr.instances = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return FakeXhr;
}
