/// The page's style sheet, inline (the page needs nothing from the network). Light and dark
/// schemes by `prefers-color-scheme`; one column that narrows to a phone's width; text colours
/// at 4.5:1 or more against their background in both schemes (WCAG AA), checked by the browser test.
enum HTMLPageStyle {
    static let css = """
:root{color-scheme:light dark;--bg:#ffffff;--fg:#1f2328;--muted:#57606a;--line:#d0d7de;--field:#f6f8fa;--link:#0969da}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9da7b3;--line:#30363d;--field:#161b22;--link:#58a6ff}}
*{box-sizing:border-box}
[hidden]{display:none!important}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK SC","Noto Color Emoji",sans-serif}
a{color:var(--link)}
a:focus-visible,input:focus-visible{outline:2px solid var(--link);outline-offset:2px}
.skip{position:absolute;left:-10000px;top:0;background:var(--bg);padding:.5rem 1rem}
.skip:focus{left:.5rem;top:.5rem}
header,main,nav,footer{max-width:52rem;margin:0 auto;padding:0 1rem}
header{padding-top:1.5rem;padding-bottom:1rem}
h1{font-size:1.5rem;line-height:1.2;margin:0 0 .25rem}
.meta{margin:0;color:var(--muted);font-size:.875rem;overflow-wrap:anywhere}
.search{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem .75rem;margin-top:.875rem}
.search label{font-weight:600}
.search input{flex:1 1 14rem;min-width:0;font:inherit;color:var(--fg);background:var(--field);border:1px solid var(--line);border-radius:.5rem;padding:.5rem .75rem}
#shown{color:var(--muted);font-size:.875rem}
#users{list-style:none;margin:0;padding:0;border-top:1px solid var(--line)}
#users>li{display:flex;align-items:center;gap:.875rem;padding:.625rem 0;border-bottom:1px solid var(--line)}
.avatar{position:relative;flex:none;display:grid;place-items:center;width:3rem;height:3rem;border-radius:50%;overflow:hidden;color:#fff;font-weight:600;letter-spacing:.02em}
.avatar img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;color:transparent;font-size:0;background:var(--bg)}
.c0{background:#b42318}.c1{background:#c2410c}.c2{background:#a16207}.c3{background:#4d7c0f}.c4{background:#15803d}.c5{background:#0f766e}
.c6{background:#0369a1}.c7{background:#1d4ed8}.c8{background:#6d28d9}.c9{background:#a21caf}.c10{background:#be123c}.c11{background:#475569}
.text{flex:1;min-width:0}
.text p{margin:0;overflow-wrap:anywhere}
.title{font-weight:600}
.subtitle,.caption{color:var(--muted);font-size:.875rem}
.caption{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.state{text-align:center;color:var(--muted);padding:3rem 1rem}
.state svg{width:3.5rem;height:3.5rem}
.state h2{color:var(--fg);font-size:1.125rem;margin:.5rem 0 .25rem}
.state p{margin:0}
.pager{padding-top:1rem;padding-bottom:1rem;text-align:center}
.pager p{margin:0 0 .5rem;color:var(--muted);font-size:.875rem}
.pager ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;justify-content:center;gap:.25rem}
.pager a,.pager span{display:inline-block;min-width:2.75rem;padding:.5rem .625rem;border-radius:.5rem;text-decoration:none}
.pager a[aria-current]{background:var(--fg);color:var(--bg);font-weight:600}
.pager span{color:var(--muted)}
footer{color:var(--muted);font-size:.8125rem;padding-top:1.5rem;padding-bottom:2rem}
footer p{margin:0}
@media (max-width:30rem){header{padding-top:1rem}h1{font-size:1.25rem}.avatar{width:2.5rem;height:2.5rem;font-size:.875rem}#users>li{gap:.625rem}}
@media (prefers-reduced-motion:no-preference){html{scroll-behavior:smooth}}
"""
}
