import Mustache

/// The page's Mustache templates: the opening (head, header, the list's state), one row (the
/// seed's `UserRow`: avatar or initials, title, subtitle, caption) and the closing (pager,
/// footer). Every `{{value}}` is escaped by ``HTMLContentType`` (`{{% CONTENT_TYPE: USERLIST_HTML}}`);
/// only the page's own style and script go in unescaped, as `{{{style}}}` and `{{{script}}}`, and
/// each row's search key, `{{{key}}}`, which ``HTMLText/searchKey(_:)`` escaped itself (its line
/// breaks must stay line breaks).
struct HTMLTemplates: Sendable {
    let opening: MustacheTemplate
    let row: MustacheTemplate
    let closing: MustacheTemplate
    /// ``row`` cut at its values, for the rows of a run.
    let compiledRow: CompiledRowTemplate

    static let shared: HTMLTemplates = {
        MustacheContentTypes.register(HTMLContentType(), named: HTMLContentType.name)
        do {
            let row = try MustacheTemplate(string: rowText)
            return HTMLTemplates(
                opening: try MustacheTemplate(string: openingText), row: row,
                closing: try MustacheTemplate(string: closingText), compiledRow: CompiledRowTemplate(row))
        } catch {
            preconditionFailure("the page's templates don't parse: \(error)")
        }
    }()

    static let pragma = "{{% CONTENT_TYPE: \(HTMLContentType.name)}}\n"

    static let openingText = pragma + """
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta http-equiv="Content-Security-Policy" content="{{csp}}">
<meta name="referrer" content="no-referrer">
<meta name="generator" content="userlist">
<title>{{title}}</title>
<style>{{{style}}}</style>
<script>{{{script}}}</script>
</head>
<body>
<a class="skip" href="#list">Skip to the list</a>
<header>
<h1>Users</h1>
<p class="meta"><span class="source">{{source}}</span> · <span class="count">{{count}}</span> · <time datetime="{{isoTime}}">{{readableTime}}</time></p>
{{#searchable}}
<div class="search" role="search" hidden><label for="search">Search</label><input id="search" type="search" autocomplete="off" spellcheck="false" placeholder="Name, email or username" aria-controls="users"><span id="shown" role="status" aria-live="polite"></span></div>
{{/searchable}}
</header>
<main id="list">
{{#empty}}
<section class="state empty" aria-labelledby="state-title"><svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor"><path d="M16 11a3 3 0 1 0-3-3 3 3 0 0 0 3 3zm-8 0a3 3 0 1 0-3-3 3 3 0 0 0 3 3zm0 2c-2.3 0-7 1.2-7 3.5V19h14v-2.5C15 14.2 10.3 13 8 13zm8 0c-.3 0-.6 0-1 .1a4.2 4.2 0 0 1 2 3.4V19h6v-2.5c0-2.3-4.7-3.5-7-3.5z"/></svg><h2 id="state-title">No users found</h2><p>Nothing in {{source}} matched.</p></section>
{{/empty}}
{{#pastEnd}}
<section class="state" aria-labelledby="state-title"><h2 id="state-title">No users on this page</h2><p>The list has {{totalPages}} {{pagesWord}}.</p></section>
{{/pastEnd}}
{{#listed}}
<ul id="users" aria-label="Users">
{{/listed}}
"""

    static let rowText = pragma + """
<li data-k="{{{key}}}"><span class="avatar c{{colour}}" aria-hidden="true">{{initials}}{{#avatar}}<img src="{{.}}" alt="" loading="lazy" decoding="async" referrerpolicy="no-referrer" width="48" height="48">{{/avatar}}</span><div class="text"><p class="title">{{title}}</p>{{#subtitle}}<p class="subtitle">{{.}}</p>{{/subtitle}}{{#caption}}<p class="caption">{{.}}</p>{{/caption}}</div></li>

"""

    static let closingText = pragma + """
{{#listed}}
</ul>
<p id="no-match" class="state" hidden>No users match the search.</p>
{{/listed}}
</main>
{{#pager}}
<nav class="pager" aria-label="Pages">
<p>{{label}}</p>
<ul>
{{#previous}}
<li><a href="{{href}}" rel="prev">‹ Previous</a></li>
{{/previous}}
{{#links}}
<li>{{#current}}<a href="{{href}}" aria-current="page">{{number}}</a>{{/current}}{{^current}}{{#gap}}<span aria-hidden="true">…</span>{{/gap}}{{^gap}}<a href="{{href}}" aria-label="Page {{number}}">{{number}}</a>{{/gap}}{{/current}}</li>
{{/links}}
{{#next}}
<li><a href="{{href}}" rel="next">Next ›</a></li>
{{/next}}
</ul>
</nav>
{{/pager}}
<footer><p>Made by userlist from {{source}}, {{readableTime}}.</p></footer>
</body>
</html>

"""
}

/// Mustache's `{{value}}` escaping for the page: ``HTMLText`` (character references, and control
/// characters and bidi overrides shown escaped), registered as `USERLIST_HTML`.
struct HTMLContentType: MustacheContentType {
    static let name = "USERLIST_HTML"

    func escapeText(_ text: String) -> String { HTMLText.escaped(text) }
}
