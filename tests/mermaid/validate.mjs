// Checks Mermaid texts with the official mermaid parser (mermaid.parse) under Node.
// Input on stdin: a JSON array of strings. Output on stdout: a JSON array of
// {"ok": true, "type": "<diagram type>"} or {"ok": false, "error": "<parser message>"}, in order.
import { JSDOM } from "jsdom";

// mermaid expects a browser: DOMPurify and the layout code look for window and document.
const dom = new JSDOM("<!DOCTYPE html><html><body></body></html>", { pretendToBeVisual: true });
globalThis.window = dom.window;
globalThis.document = dom.window.document;
globalThis.DOMParser = dom.window.DOMParser;
globalThis.Element = dom.window.Element;
globalThis.HTMLElement = dom.window.HTMLElement;
globalThis.SVGElement = dom.window.SVGElement;
if (!("navigator" in globalThis)) globalThis.navigator = dom.window.navigator;

const { default: mermaid } = await import("mermaid");
mermaid.initialize({ startOnLoad: false, securityLevel: "strict" });

let input = "";
for await (const chunk of process.stdin) input += chunk;
const texts = JSON.parse(input);
const results = [];
for (const text of texts) {
  try {
    const parsed = await mermaid.parse(text);
    results.push({ ok: true, type: parsed && parsed.diagramType ? parsed.diagramType : null });
  } catch (error) {
    results.push({ ok: false, error: String((error && error.message) || error) });
  }
}
process.stdout.write(JSON.stringify(results));
