// Readability.js on jsdom, as Mozilla's test harness runs it: the oracle of compare.py.
//
//   node oracle.js ORACLE_DIR < jobs.jsonl > results.jsonl
//
// ORACLE_DIR holds node_modules with @mozilla/readability and jsdom (compare.py --setup-oracle
// installs them there, outside this repository). Each input line is {"id", "html", "url"}: the
// page's text (already decoded by the caller) is parsed by jsdom with the page's URL;
// parse() runs on a document whose comments were removed (as Mozilla's harness removes them),
// with classesToPreserve ["caption"]; isProbablyReaderable runs on a fresh document. One JSON
// line comes out per page.
"use strict";

const path = require("path");
const readline = require("readline");

const dir = process.argv[2];
const { JSDOM, VirtualConsole } = require(path.join(dir, "node_modules", "jsdom"));
const { Readability, isProbablyReaderable } = require(path.join(dir, "node_modules", "@mozilla", "readability"));

function removeComments(node) {
  for (let i = node.childNodes.length - 1; i >= 0; i--) {
    const child = node.childNodes[i];
    if (child.nodeType === child.COMMENT_NODE) {
      node.removeChild(child);
    } else if (child.nodeType === child.ELEMENT_NODE) {
      removeComments(child);
    }
  }
}

function documentOf(html, url) {
  // A silent console: pages' own CSS and script errors are not ours to report.
  return new JSDOM(html, { url, virtualConsole: new VirtualConsole() }).window.document;
}

function run(job) {
  const html = job.html;
  const out = { id: job.id };
  try {
    out.readerable = isProbablyReaderable(documentOf(html, job.url));
    const doc = documentOf(html, job.url);
    removeComments(doc);
    const started = process.hrtime.bigint();
    const article = new Readability(doc, { classesToPreserve: ["caption"] }).parse();
    out.ms = Number(process.hrtime.bigint() - started) / 1e6;
    out.article = article && {
      title: article.title, byline: article.byline, dir: article.dir, lang: article.lang,
      content: article.content, textContent: article.textContent, length: article.length,
      excerpt: article.excerpt, siteName: article.siteName, publishedTime: article.publishedTime,
    };
  } catch (error) {
    out.error = String(error && error.stack || error);
  }
  return out;
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (line.trim()) {
    process.stdout.write(JSON.stringify(run(JSON.parse(line))) + "\n");
  }
});
