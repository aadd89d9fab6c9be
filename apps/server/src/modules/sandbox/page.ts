// The frame of the sandbox providers' own pages (identification, payments): plain HTML forms,
// since they stand in for a third party's pages and are no part of the web app.
import { escapeHtml } from '../../lib/html.js';

export { acceptFormPosts } from '../../http/form-posts.js';

export function sandboxPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} - Countersign sandbox</title>
<style>body{font-family:sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.4rem;box-sizing:border-box}button{margin:1rem .5rem 0 0;padding:.5rem 1rem}:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}.error{color:#b91c1c}table{border-collapse:collapse}td,th{padding:.25rem .75rem .25rem 0;text-align:left}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}
