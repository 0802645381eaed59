#!/usr/bin/env python3
"""Renders sample payloads with `userlist -f html` and checks each page in headless Chromium.

    python3 Tests/Pages/check_pages.py --userlist .build/debug/userlist --screenshots DIR

Talks to Chromium over the DevTools protocol on a pipe (--remote-debugging-pipe: fd 3 in, fd 4
out, NUL-separated JSON), so it needs nothing but the standard library and Debian's `chromium`.
What it checks, on the rendered DOM:

- the row count and the first row's title, against `userlist -f json` for the same query;
- the empty state, for a search that matches nothing;
- the pager of a `--split-pages` run: the links name the files that run wrote, and following
  "Next" opens the next page;
- the search box: typing filters the rows to exactly the users `--search` keeps (case,
  diacritics, width, CJK), and the page's folding equals userlist's on a corpus of scripts;
- no request leaves the page: every request is the page itself or an avatar URL the payload
  named with http(s) (those are answered "blocked", never sent: the host resolver maps every
  name to nothing and the Fetch domain fails them), and a page without avatars asks for nothing;
- an avatar that fails leaves its initials; `javascript:`, `data:` and other URLs never reach a
  `src`; hostile names, emails and bios are text, not markup (no element, attribute or script
  beyond the page's own);
- accessibility: `lang`, landmarks (banner, main, navigation, contentinfo, search), a label for
  the search box, `alt` on every image, text contrast of at least 4.5:1 in light and dark;
- phone width: at 390 px nothing is wider than the screen.

Screenshots, light and dark at 1280 and 390 px wide, go to --screenshots. Prints one line per
check and `N passed, M failed`; exits 1 when any failed, 2 when Chromium can't be started.
"""

import argparse
import base64
import html.parser
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Chromium:
    """One headless Chromium, driven over --remote-debugging-pipe."""

    def __init__(self, binary, profile):
        to_child_r, self._to_child = os.pipe()
        self._from_child, from_child_w = os.pipe()
        # Moved above 10 so that the dup2 onto 3 and 4 in the child can't clobber one another.
        fds = [os.dup2(fd, 20 + i) or 20 + i for i, fd in enumerate([to_child_r, from_child_w])]
        os.close(to_child_r)
        os.close(from_child_w)

        def child_fds():
            os.dup2(fds[0], 3)
            os.dup2(fds[1], 4)

        arguments = [
            binary, "--headless", "--no-sandbox", "--remote-debugging-pipe", "--disable-gpu",
            f"--user-data-dir={profile}", "--no-first-run", "--no-default-browser-check",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-default-apps", "--disable-extensions", "--disable-domain-reliability",
            "--metrics-recording-only", "--no-pings", "--disable-features=Translate,MediaRouter,OptimizationHints",
            # No name resolves: an avatar request can't reach any host, whatever happens below.
            "--host-resolver-rules=MAP * ~NOTFOUND", "--allow-file-access-from-files",
            "--hide-scrollbars", "--force-color-profile=srgb", "about:blank",
        ]
        self.process = subprocess.Popen(arguments, preexec_fn=child_fds, close_fds=False,
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for fd in fds:
            os.close(fd)
        self._next = 0
        self._responses = {}
        self._events = queue.Queue()
        self._lock = threading.Condition()
        # Per session: requests answered "blocked" instead of being sent, and dialogs opened.
        self.blocked = {}
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        buffer = b""
        while True:
            chunk = os.read(self._from_child, 1 << 16)
            if not chunk:
                with self._lock:
                    self._responses[-1] = None
                    self._lock.notify_all()
                return
            buffer += chunk
            while b"\0" in buffer:
                message, buffer = buffer.split(b"\0", 1)
                data = json.loads(message)
                if "id" in data:
                    with self._lock:
                        self._responses[data["id"]] = data
                        self._lock.notify_all()
                    continue
                # Answered here, at once: a paused request or an open dialog would hold up the
                # command being waited for (Page.navigate, Runtime.evaluate).
                params, session = data.get("params", {}), data.get("sessionId")
                if data["method"] == "Fetch.requestPaused":
                    url = params["request"]["url"]
                    if url.startswith("file://"):
                        self._post("Fetch.continueRequest", {"requestId": params["requestId"]}, session)
                    else:
                        self.blocked.setdefault(session, []).append((url, params.get("resourceType")))
                        self._post("Fetch.failRequest", {"requestId": params["requestId"], "errorReason": "BlockedByClient"}, session)
                elif data["method"] == "Page.javascriptDialogOpening":
                    self.blocked.setdefault(session, []).append(("dialog:" + params.get("message", ""), "Dialog"))
                    self._post("Page.handleJavaScriptDialog", {"accept": True}, session)
                self._events.put(data)

    def _post(self, method, params, session):
        """Sends a command without waiting for its answer; its id."""
        with self._lock:
            self._next += 1
            ident = self._next
            message = {"id": ident, "method": method, "params": params or {}}
            if session:
                message["sessionId"] = session
            os.write(self._to_child, json.dumps(message).encode() + b"\0")
        return ident

    def send(self, method, params=None, session=None, timeout=30):
        ident = self._post(method, params, session)
        deadline = time.time() + timeout
        with self._lock:
            while ident not in self._responses:
                if -1 in self._responses:
                    raise RuntimeError("chromium went away")
                if not self._lock.wait(max(0.0, deadline - time.time())):
                    raise TimeoutError(method)
            response = self._responses.pop(ident)
        if "error" in response:
            raise RuntimeError(f"{method}: {response['error']}")
        return response.get("result", {})

    def close(self):
        try:
            self.send("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


class Page:
    """A tab: navigates, records every request, answers the ones that would leave the machine."""

    def __init__(self, browser):
        self.browser = browser
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ["Page", "Runtime", "Network", "Log"]:
            self.call(f"{domain}.enable")
        self.call("Fetch.enable", {"patterns": [{"urlPattern": "*"}]})
        self.requests = []
        self.console = []

    def call(self, method, params=None):
        return self.browser.send(method, params, session=self.session)

    @property
    def blocked(self):
        return self.browser.blocked.get(self.session, [])

    def pump(self, until=None, quiet=0.4, limit=15):
        """Handles events until `until` (an event method) has come, then until none comes for `quiet` seconds."""
        seen = until is None
        deadline = time.time() + limit
        while time.time() < deadline:
            try:
                event = self.browser._events.get(timeout=quiet if seen else max(0.05, deadline - time.time()))
            except queue.Empty:
                if seen:
                    return
                continue
            if event.get("sessionId") != self.session:
                continue
            self.handle(event["method"], event.get("params", {}))
            if event["method"] == until:
                seen = True

    def handle(self, method, params):
        if method == "Network.requestWillBeSent":
            self.requests.append((params["request"]["url"], params.get("type")))
        elif method == "Runtime.consoleAPICalled":
            self.console.append(" ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
        elif method == "Log.entryAdded":
            self.console.append(params["entry"]["text"])
        elif method == "Runtime.exceptionThrown":
            self.console.append("exception: " + json.dumps(params["exceptionDetails"].get("text")))
        elif method == "Page.javascriptDialogOpening":
            self.console.append("dialog: alert " + params.get("message", ""))

    def open(self, path, width=1280, height=900, dark=False):
        self.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
        self.call("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
        self.call("Page.navigate", {"url": "file://" + os.path.abspath(path)})
        self.pump(until="Page.loadEventFired")

    def js(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression[:80]}…: {result['exceptionDetails']}")
        return result["result"].get("value")

    def search(self, text):
        self.js(f"""(() => {{ const i = document.getElementById('search'); i.value = {json.dumps(text)};
                   i.dispatchEvent(new Event('input', {{bubbles: true}})); }})()""")
        return self.js("document.querySelectorAll('#users > li:not([hidden])').length")

    def screenshot(self, file):
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        with open(file, "wb") as out:
            out.write(base64.b64decode(data))


class ImageSources(html.parser.HTMLParser):
    """Every `<img src>` of a page, as an HTML parser reads it."""

    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attributes):
        if tag == "img":
            self.found += [value for name, value in attributes if name == "src"]


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, ok, detail=""):
        if ok:
            self.passed += 1
            print(f"ok    {name}")
        else:
            self.failed += 1
            print(f"FAIL  {name}{': ' + detail if detail else ''}")


def userlist(binary, *arguments, env=None):
    environment = dict(os.environ, SOURCE_DATE_EPOCH="1764114960", LC_ALL="C.UTF-8")
    environment.update(env or {})
    return subprocess.run([binary, *arguments], cwd=ROOT, capture_output=True, env=environment, check=False)


def render(binary, out, *arguments):
    result = userlist(binary, *arguments, "-f", "html", "-o", out)
    if result.returncode != 0:
        raise RuntimeError(f"userlist {' '.join(arguments)}: exit {result.returncode}: {result.stderr.decode()}")
    return out


def answer(binary, *arguments):
    """The same query as json: what the page must show."""
    return json.loads(userlist(binary, *arguments, "-f", "json").stdout)


def shown_text(value):
    """A value as the page shows it: control characters and bidi overrides escaped, as the table shows them."""
    out = []
    for ch in value:
        c = ord(ch)
        if c < 0x20 or 0x7F <= c < 0xA0 or 0x202A <= c <= 0x202E or 0x2066 <= c <= 0x2069:
            out.append({"\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}.get(ch, f"\\u{c:04x}"))
        else:
            out.append(ch)
    return "".join(out)


LUMINANCE = """
(() => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 4).map(Number);
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
                               return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const background = (el) => { for (; el; el = el.parentElement) { const c = rgb(getComputedStyle(el).backgroundColor);
                                 if (c.length < 4 || c[3] > 0) return c; } return [255, 255, 255]; };
  const worst = [];
  for (const el of document.querySelectorAll('.title, .subtitle, .caption, .meta, .avatar, footer p, .pager a, .pager p, label, .state h2, .state p')) {
    if (!el.offsetParent) continue;
    const a = lum(rgb(getComputedStyle(el).color)), b = lum(background(el));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    worst.push([ratio, el.className || el.tagName]);
  }
  worst.sort((x, y) => x[0] - y[0]);
  return worst.slice(0, 3);
})()
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--userlist", required=True)
    parser.add_argument("--screenshots", required=True)
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser"))
    args = parser.parse_args()
    if not args.chromium:
        print("SKIP: chromium is not installed (apt-get install chromium)")
        return 2
    binary = os.path.abspath(args.userlist)
    os.makedirs(args.screenshots, exist_ok=True)
    work = tempfile.mkdtemp(prefix="userlist-pages-")
    checks = Checks()
    browser = Chromium(args.chromium, os.path.join(work, "profile"))
    try:
        run(browser, binary, work, args.screenshots, checks)
    finally:
        browser.close()
        shutil.rmtree(work, ignore_errors=True)
    print(f"{checks.passed} passed, {checks.failed} failed")
    return 1 if checks.failed else 0


def run(browser, binary, work, screenshots, checks):
    check = checks.check

    # 1. Seed 000's envelope: rows, first title, avatars that fail give way to initials.
    seed = render(binary, os.path.join(work, "seed.html"), "Samples/seed-users-response.json")
    expected = answer(binary, "Samples/seed-users-response.json")
    page = Page(browser)
    page.open(seed)
    rows = page.js("document.querySelectorAll('#users > li').length")
    check("seed: one row per user", rows == expected["totalItems"] == len(expected["items"]), f"{rows} rows, {expected['totalItems']} users")
    first = page.js("document.querySelector('#users > li .title').textContent")
    check("seed: the first row's title", first == expected["items"][0]["title"], repr(first))
    check("seed: the header says the count", page.js("document.querySelector('header .count').textContent") == f"{expected['totalItems']} users")
    check("seed: the header names the source and the time",
          page.js("document.querySelector('header .source').textContent") == "Samples/seed-users-response.json"
          and page.js("document.querySelector('header time').getAttribute('datetime')") == "2025-11-25T23:56:00Z")
    avatars = {item["avatarURL"] for item in expected["items"] if item["avatarURL"]}
    outside = [url for url, _ in page.requests if not url.startswith("file://")]
    check("seed: no request but the payload's avatars", all(url in avatars for url in outside) and all(url in avatars for url, _ in page.blocked),
          f"{outside} {page.blocked}")
    check("seed: avatars were asked for, and blocked before leaving", len(page.blocked) > 0 and all(url in avatars for url, _ in page.blocked))
    initials = page.js("""[...document.querySelectorAll('#users > li')].slice(0, 3).map(li => [li.querySelector('.avatar img') === null,
                           li.querySelector('.avatar').textContent])""")
    check("seed: a failed avatar leaves the initials", all(gone for gone, _ in initials) and [text for _, text in initials] == [i["initials"] for i in expected["items"][:3]],
          json.dumps(initials))
    check("seed: the page's script ran under its CSP", page.js("typeof window.userlist") == "object"
          and not any("Content Security Policy" in line for line in page.console), "; ".join(page.console))
    check("a11y: lang, landmarks, labelled search",
          page.js("""document.documentElement.lang === 'en' && !!document.querySelector('header') && !!document.querySelector('main')
                    && !!document.querySelector('footer') && !!document.querySelector('[role=search]')
                    && document.querySelector('label[for=search]').textContent.length > 0""") is True)
    check("a11y: every image has alt text (the name is beside it)", page.js("[...document.images].every(i => i.hasAttribute('alt'))") is True)
    for dark in (False, True):
        page.open(seed, dark=dark)
        worst = page.js(LUMINANCE)
        check(f"a11y: contrast at least 4.5:1 ({'dark' if dark else 'light'})", worst and worst[0][0] >= 4.5, json.dumps(worst))
        check(f"scheme: {'dark' if dark else 'light'} background", page.js("getComputedStyle(document.body).backgroundColor")
              == ("rgb(13, 17, 23)" if dark else "rgb(255, 255, 255)"))

    # 2. Screenshots, light and dark, desktop and phone; nothing wider than a phone.
    international = render(binary, os.path.join(work, "international.html"), "Samples/seed-users-response.json", "--page", "1", "--page-size", "6")
    for width in (1280, 390):
        for dark in (False, True):
            page.open(international, width=width, height=900 if width > 600 else 844, dark=dark)
            page.screenshot(os.path.join(screenshots, f"page-{'dark' if dark else 'light'}-{width}.png"))
            if width == 390:
                wide = page.js("document.documentElement.scrollWidth")
                check(f"phone: nothing wider than 390 px ({'dark' if dark else 'light'})", wide <= 390, f"scrollWidth {wide}")

    # 3. Search: the box keeps exactly what --search keeps.
    corpus = render(binary, os.path.join(work, "mixed.html"), "Samples/export.ndjson", "Samples/international-users.json",
                    "Samples/apis/reqres-users.json", "Tests/Pages/folding-corpus.json")
    page = Page(browser)
    page.open(corpus)
    check("search: the box is shown once the script runs", page.js("document.querySelector('.search').hidden") is False)
    total = page.js("document.querySelectorAll('#users > li').length")
    # NFD needles too: Hangul as jamo, kana with a combining sound mark, Arabic with a combining hamza.
    nfd = [unicodedata.normalize("NFD", text) for text in ["민준", "ガブ", "أحمد", "ಕೋ"]]
    for text in ["muller", "MÜLLER", "jose", "张", "ＡＮＮＡ", "an", "hai", "ß", "zzz-none", "민준", "example.de", "ﬁ", "ἀ", "ё",
                 "ガブ", "إبراهيم"] + nfd:
        want = answer(binary, "Samples/export.ndjson", "Samples/international-users.json", "Samples/apis/reqres-users.json",
                      "Tests/Pages/folding-corpus.json", "--search", text)["totalItems"]
        got = page.search(text)
        check(f"search: {text!r} keeps what --search keeps", got == want, f"page {got}, --search {want}")
    check("search: nothing matched says so", (page.search("zzz-none"), page.js("document.getElementById('no-match').hidden")) == (0, False))
    check("search: clearing shows every row", page.search("") == total)
    mismatches = page.js("""[...document.querySelectorAll('#users > li')].filter(li => li.dataset.k.split('\\n').length >= 2)
        .map(li => [li.querySelector('.title').textContent, li.dataset.k.split('\\n')[0], window.userlist.fold(li.querySelector('.title').textContent)])
        .filter(([t, k, f]) => k !== f)""")
    names = page.js("document.querySelectorAll('#users > li').length")
    check(f"search: the page folds {names} names exactly as userlist does", not mismatches, json.dumps(mismatches, ensure_ascii=False)[:600])
    check("search: no request from a page without avatars", not [u for u, _ in page.requests if not u.startswith("file://")] and not page.blocked,
          f"{page.requests} {page.blocked}")

    # 4. The empty state.
    empty = render(binary, os.path.join(work, "empty.html"), "Samples/seed-users-response.json", "--search", "no such person")
    page.open(empty)
    check("empty: the empty state", page.js("document.querySelector('.state.empty h2').textContent") == "No users found"
          and page.js("document.getElementById('users')") is None and page.js("document.querySelector('header .count').textContent") == "0 users")

    # 5. The pager of a --split-pages run.
    pages = os.path.join(work, "pages")
    result = userlist(binary, "Samples/jsonplaceholder-users.json", "--sort", "name", "--page-size", "3", "-f", "html", "--split-pages", pages)
    check("pager: --split-pages wrote page-1…page-4", result.returncode == 0 and sorted(os.listdir(pages)) == [f"page-{n}.html" for n in range(1, 5)],
          result.stderr.decode())
    page.open(os.path.join(pages, "page-2.html"))
    links = page.js("[...document.querySelectorAll('nav.pager a')].map(a => [a.getAttribute('href'), a.textContent, a.hasAttribute('aria-current')])")
    check("pager: links name the split files", [h for h, _, _ in links] == ["page-1.html", "page-1.html", "page-2.html", "page-3.html", "page-4.html", "page-3.html"]
          and all(os.path.exists(os.path.join(pages, h)) for h, _, _ in links) and [c for _, _, c in links].count(True) == 1, json.dumps(links))
    second = answer(binary, "Samples/jsonplaceholder-users.json", "--sort", "name", "--page-size", "3", "--page", "2")
    check("pager: page 2 holds the second page", page.js("[...document.querySelectorAll('#users .title')].map(e => e.textContent)")
          == [i["title"] for i in second["items"]])
    page.js("document.querySelector('nav.pager a[rel=next]').click()")
    page.pump(until="Page.loadEventFired")
    check("pager: Next opens page-3.html", page.js("location.pathname").endswith("/page-3.html")
          and page.js("document.querySelector('nav.pager [aria-current]').textContent") == "3")
    check("a11y: the pager is a navigation landmark", page.js("document.querySelector('nav').getAttribute('aria-label')") == "Pages")

    # 6. Hostile names, emails and URLs.
    hostile = render(binary, os.path.join(work, "hostile.html"), "Tests/Pages/hostile-page.json", "Samples/hostile-strings.json")
    expected = answer(binary, "Tests/Pages/hostile-page.json", "Samples/hostile-strings.json")
    page = Page(browser)
    page.open(hostile)
    check("hostile: one row per user", page.js("document.querySelectorAll('#users > li').length") == expected["totalItems"])
    titles = page.js("[...document.querySelectorAll('#users .title')].map(e => e.textContent)")
    check("hostile: names are text, shown as written", titles == [shown_text(i["title"]) for i in expected["items"]],
          json.dumps([t for t, i in zip(titles, expected["items"]) if t != shown_text(i["title"])], ensure_ascii=False)[:400])
    emails = page.js("[...document.querySelectorAll('#users > li')].map(li => (li.querySelector('.subtitle') || {}).textContent || null)")
    check("hostile: emails are text", emails == [shown_text(i["subtitle"]) if i["subtitle"] else None for i in expected["items"]])
    check("hostile: no element but the page's own", page.js("""document.querySelectorAll('script').length === 1
          && document.querySelectorAll('style').length === 1 && document.querySelectorAll('h1').length === 1
          && document.querySelectorAll('b, svg image, iframe, object, embed, form, base').length === 0
          && document.querySelectorAll('#users > li').length === document.querySelectorAll('ul#users > li').length""") is True)
    check("hostile: no event-handler attribute anywhere", page.js("[...document.querySelectorAll('*')].every(e => [...e.attributes].every(a => !a.name.startsWith('on')))") is True)
    # As parsed, before the script removed the avatars that failed to load.
    sources = ImageSources()
    with open(hostile, encoding="utf-8") as text:
        sources.feed(text.read())
    # The page's rule, on the avatar URLs the Gateway kept (it already drops some, and resolves
    # `//host/x` to https): an absolute http(s) URL without white space or control characters.
    loadable = [i["avatarURL"] for i in expected["items"] if i["avatarURL"]
                and re.fullmatch(r"(?i)https?://[^\x00-\x20\x7f]+", i["avatarURL"])]
    check("hostile: only http(s) avatars reach a src", sources.found == loadable and "https://cdn.example.com/avatar?id=8&size=48" in loadable
          and not any(u.lower().startswith(("javascript:", "data:", "file:", "//")) for u in sources.found), json.dumps(sources.found))
    # (The browser writes scheme and host in lower case.)
    check("hostile: the avatars that failed were asked for and blocked", sorted(u.lower() for u, _ in page.blocked) == sorted(u.lower() for u in sources.found),
          json.dumps(page.blocked))
    check("hostile: no request to javascript:, data: or file: URLs", all(not u.lower().startswith(("javascript:", "data:")) and (not u.startswith("file:") or u.endswith("hostile.html"))
                                                                         for u, _ in page.requests + page.blocked), json.dumps(page.requests + page.blocked))
    check("hostile: no dialog, no script error", not [line for line in page.console if "alert" in line or "exception" in line], "; ".join(page.console))
    check("hostile: the bidi override is shown, not obeyed", "\\u202eexe.txt\\u202c" in titles)


if __name__ == "__main__":
    sys.exit(main())
