@_spi(Pipeline) import UserListViewModel
/// The page's one script, inline: an avatar that fails to load gives way to the initials under
/// it, and the search box filters the rows as you type.
///
/// The search folds what is typed exactly as `--search` folds it: with the same folding table
/// (`FoldingTable`, its base64 text embedded here) and a port of `TextFolding.foldUTF8` over code
/// points, so `muller` finds `Müller`, `jose` `José`, `ＡＮＮＡ` `anna`, and Hangul, Devanagari or
/// Arabic marks stay as `--search` keeps them. Each row carries its name, username and email
/// already folded by userlist (`data-k`), so the page compares what the command line would. The
/// 38 context-dependent scalars `--search` leaves to Foundation are folded here by NFKD with the
/// marks removed, and lowercased. `window.userlist.fold` is there for the browser test, which
/// checks it against userlist's own folding.
enum HTMLPageScript {
    static let text: String = prefix + UserSearch.foldingTableBase64.filter { !$0.isWhitespace } + suffix

    /// The scalars NFC joins with the one before them (``UserSearch/composingScalars``), as a
    /// regular expression's class: `\\u{1161}\\u{1162}…`.
    private static let composingClass = UserSearch.composingScalars.map { "\\u{" + String($0, radix: 16) + "}" }.joined()

    private static let prefix = """
"use strict";
(() => {
const TABLE = "
"""

    private static let suffix = """
";
const MARK = 1 << 24, STRIP = 1 << 25, KEEPLOW = 1 << 26, CONTEXT = 1 << 27;
let pageOf = null, pages = null, mappings = null;
const mapped = new Map();
function decode() {
  const data = Uint8Array.from(atob(TABLE), (c) => c.charCodeAt(0));
  pageOf = new Int32Array(0x1100);
  pages = [new Uint32Array(256)];
  mappings = [0];
  let i = 0, scalar = 0;
  const varint = () => {
    let x = 0, scale = 1;
    for (;;) { const b = data[i++]; x += (b & 0x7f) * scale; if (b < 0x80) return x; scale *= 128; }
  };
  while (i < data.length) {
    scalar += varint();
    const count = varint() + 1;
    const flags = data[i++];
    let entry = (flags & 0x0f) << 24;
    if (flags & 0x10) entry |= data[i++] << 16;
    if (flags & 0x20) {
      const length = data[i];
      entry |= mappings.length;
      for (let k = 0; k <= length; k++) mappings.push(data[i + k]);
      i += length + 1;
    }
    for (let s = scalar; s < scalar + count; s++) {
      const p = s >> 8;
      if (pageOf[p] === 0) { pageOf[p] = pages.length; pages.push(new Uint32Array(256)); }
      pages[pageOf[p]][s & 0xff] = entry;
    }
    scalar += count;
  }
}
function entryOf(s) {
  const p = s >> 8;
  return p < 0x1100 ? pages[pageOf[p]][s & 0xff] : 0;
}
function mapping(offset) {
  let m = mapped.get(offset);
  if (m === undefined) {
    const length = mappings[offset];
    const bytes = Uint8Array.from(mappings.slice(offset + 1, offset + 1 + length));
    m = { points: Array.from(new TextDecoder().decode(bytes), (c) => c.codePointAt(0)), bytes: length };
    mapped.set(offset, m);
  }
  return m;
}
// TextFolding.foldUTF8, a cluster at a time: the base folded by the table, its marks dropped after
// Latin, Greek and Cyrillic, kept (sorted by combining class) after anything else.
function foldExactly(text) {
  if (pages === null) decode();
  const out = [];
  let state = 0, firstMark = false, dropFirstLow = false, regionStart = 0, maxCCC = 0, clusterLength = 0;
  for (const ch of text) {
    const s = ch.codePointAt(0);
    if (s < 0x80) {
      out.push(s >= 0x41 && s <= 0x5a ? s | 0x20 : s);
      state = s === 0 ? 0 : 1;
      continue;
    }
    const entry = entryOf(s);
    if (entry === 0) {
      out.push(s);
      state = 2; firstMark = true; dropFirstLow = true;
      regionStart = out.length; maxCCC = 0; clusterLength = 1;
      continue;
    }
    if (entry & CONTEXT) return null;
    if ((entry & MARK) && state !== 0) {
      if (state === 1) continue;
      const first = firstMark;
      firstMark = false;
      if (first && dropFirstLow && s <= 0x50f) continue;
      clusterLength += 1;
      if (clusterLength >= 32) return null;
      const ccc = (entry >> 16) & 0xff;
      if (ccc >= maxCCC) {
        out.push(s);
        maxCCC = ccc;
      } else {
        let position = out.length;
        while (position > regionStart && ((entryOf(out[position - 1]) >> 16) & 0xff) > ccc) position -= 1;
        out.splice(position, 0, s);
      }
      continue;
    }
    const offset = entry & 0xffff;
    if (offset === 0) {
      regionStart = out.length;
      out.push(s);
      maxCCC = (entry >> 16) & 0xff;
      if (maxCCC === 0) regionStart = out.length;
      clusterLength = 1;
    } else {
      const m = mapping(offset);
      for (const p of m.points) out.push(p);
      regionStart = out.length; maxCCC = 0;
      clusterLength = m.bytes;
    }
    state = (entry & STRIP) ? 1 : 2;
    firstMark = true;
    dropFirstLow = (entry & KEEPLOW) === 0;
  }
  return String.fromCodePoint(...out);
}
// NFD Hangul, kana, Arabic hamza, Indic vowels: each pair NFC joins is joined first, nothing else
// (CanonicalComposition, TextFolding.foldBeyondTable).
const COMPOSES = /[\(composingClass)]/u;
function composed(text) {
  const out = [];
  for (const ch of text) {
    if (out.length > 0 && COMPOSES.test(ch)) {
      const pair = (out[out.length - 1] + ch).normalize("NFC");
      if ([...pair].length === 1) { out[out.length - 1] = pair; continue; }
    }
    out.push(ch);
  }
  return out.join("");
}
function fold(text) {
  if (COMPOSES.test(text)) text = composed(text);
  const exact = foldExactly(text);
  return exact !== null ? exact : text.normalize("NFKD").replace(/\\p{M}/gu, "").toLowerCase();
}
window.userlist = { fold };
document.addEventListener("error", (event) => {
  const image = event.target;
  if (image instanceof HTMLImageElement && image.parentElement && image.parentElement.classList.contains("avatar")) image.remove();
}, true);
document.addEventListener("DOMContentLoaded", () => {
  const box = document.querySelector(".search");
  const input = document.getElementById("search");
  if (!box || !input) return;
  const rows = Array.from(document.querySelectorAll("#users > li"));
  const shown = document.getElementById("shown");
  const none = document.getElementById("no-match");
  box.hidden = false;
  const update = () => {
    const needle = fold(input.value);
    let count = 0;
    for (const row of rows) {
      const hit = needle === "" || (row.dataset.k || "").includes(needle);
      row.hidden = !hit;
      if (hit) count += 1;
    }
    shown.textContent = needle === "" ? "" : `${count} of ${rows.length} shown`;
    if (none) none.hidden = count !== 0 || rows.length === 0;
  };
  input.addEventListener("input", update);
  if (input.value !== "") update();
});
})();
"""
}
