@_spi(Pipeline) import UserListDomain
@_spi(Pipeline) import UserListViewModel
/// Text from a payload made safe inside an html page, as element text or a quoted attribute value.
///
/// `&`, `<`, `>`, `"` and `'` become character references, so no value can close an element or an
/// attribute or start a tag. Control characters and the bidi overrides are first shown escaped as
/// the terminal table shows them (``TerminalText``: `\u001b`, `\n`, `\u202e`), so a name can
/// neither reorder the text around it nor carry raw control bytes into the file. This is the
/// escaping the page's Mustache templates apply to every `{{value}}` (see ``HTMLContentType``).
enum HTMLText {
    /// `text` escaped; the same string when nothing needs escaping (no copy).
    static func escaped(_ text: String) -> String {
        var text = text
        let clean = text.withUTF8 { bytes -> Bool in
            if TerminalText.inspect(bytes).needsEscaping { return false }
            for byte in bytes where needsReference(byte) { return false }
            return true
        }
        if clean { return text }
        let shown = TerminalText.escaped(text)
        var out: [UInt8] = []
        out.reserveCapacity(shown.utf8.count + 16)
        for byte in shown.utf8 { appendEscaped(byte, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// `byte`, or its character reference for `&<>"'`: the one escaping both the text and the
    /// search keys use.
    @inline(__always)
    static func appendEscaped(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
        case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
        case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
        case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
        case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
        default: out.append(byte)
        }
    }

    @inline(__always)
    static func needsReference(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    /// A row's search key, for its `data-k` attribute: each of `fields` folded as `--search` folds
    /// it, one a line (what is typed in a search box can't hold a line break, so a match never
    /// spans two fields, as with `--search`), character references for `&<>"'`, and anything a
    /// terminal would act on replaced by U+FFFD (nobody types it; no raw control byte reaches the file).
    static func searchKey(_ fields: [String?]) -> String {
        var out: [UInt8] = []
        for field in fields {
            guard let field, !field.isEmpty else { continue }
            if !out.isEmpty { out.append(UInt8(ascii: "\n")) }
            var folded = UserSearch.folded(field)
            let clean = folded.withUTF8 { bytes -> Bool in
                guard !TerminalText.inspect(bytes).needsEscaping else { return false }
                for byte in bytes { appendEscaped(byte, to: &out) }
                return true
            }
            if clean { continue }
            var replaced = String.UnicodeScalarView()
            for scalar in folded.unicodeScalars {
                replaced.append(TerminalText.mustEscape(scalar) ? "\u{FFFD}" : scalar)
            }
            let text = String(replaced)
            out.append(contentsOf: HTMLText.escaped(text).utf8)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes `text` escaped as ``escaped(_:)`` escapes it, straight from its bytes when only
    /// character references are needed (a row's values, a million times a page).
    static func write(_ text: String, to output: OutputWriter) {
        var text = text
        let done = text.withUTF8 { bytes -> Bool in
            guard !TerminalText.inspect(bytes).needsEscaping else { return false }
            writeReferences(UnsafeRawBufferPointer(bytes), to: output)
            return true
        }
        if !done { output.write(escaped(text)) }
    }

    /// Copies `bytes`, writing `&<>"'` as character references.
    static func writeReferences(_ bytes: UnsafeRawBufferPointer, to output: OutputWriter) {
        var runStart = 0
        for i in 0..<bytes.count where needsReference(bytes[i]) {
            output.write(UnsafeRawBufferPointer(rebasing: bytes[runStart..<i]))
            switch bytes[i] {
            case UInt8(ascii: "&"): output.write("&amp;")
            case UInt8(ascii: "<"): output.write("&lt;")
            case UInt8(ascii: ">"): output.write("&gt;")
            case UInt8(ascii: "\""): output.write("&quot;")
            default: output.write("&#39;")
            }
            runStart = i + 1
        }
        output.write(UnsafeRawBufferPointer(rebasing: bytes[runStart...]))
    }

    /// Writes ``searchKey(_:)`` of `fields`, folding into `scratch` (reused across rows).
    static func writeSearchKey(_ first: String?, _ second: String?, _ third: String?, scratch: inout [UInt8], to output: OutputWriter) {
        scratch.removeAll(keepingCapacity: true)
        func add(_ field: String?) {
            guard let field, !field.isEmpty else { return }
            if !scratch.isEmpty { scratch.append(UInt8(ascii: "\n")) }
            UserSearch.appendFolded(field, to: &scratch)
        }
        add(first)
        add(second)
        add(third)
        let clean = scratch.withUnsafeBufferPointer { bytes -> Bool in
            // The separators are line feeds, which inspect() flags: look for anything else.
            var start = 0
            for i in 0...bytes.count where i == bytes.count || bytes[i] == UInt8(ascii: "\n") {
                if TerminalText.inspect(UnsafeBufferPointer(rebasing: bytes[start..<i])).needsEscaping { return false }
                start = i + 1
            }
            writeReferences(UnsafeRawBufferPointer(bytes), to: output)
            return true
        }
        if !clean { output.write(searchKey([first, second, third])) }
    }
}
