import UserListKit
import UserListPlatform
import UserListDomain
import UserListRendering

/// The lines stages read and write: tab-separated fields, the last of which is a record's text
/// and may hold tabs itself. Every line is one line (`RDD.pipe` hands on lines), so an output row
/// that holds line breaks (a CSV record ends with CRLF) is written escaped.
///
///     map input        INPUT  LINE  POSITION  TEXT        the input's index, the line's number in
///                                                         it (1-based), its global position (0-based)
///                      eINPUT  LINE  POSITION  ESCAPED    the same line, its TEXT escaped: a line
///                                                         that is not UTF-8 (see ``appendDecoded(_:to:)``)
///     map output       KEY  POSITION  USER                KEY: the id as a JSON string
///                      KEY  POSITION  -                   a user the search can't match (``shadow``)
///                      KEY  POSITION  +                   a match `--count` only counts (``counted``)
///                      KEY  POSITION  *USER               one of a page's best in its map (``best``)
///                      KEY  POSITION  ~                   a page's match the map held back (``heldBack``)
///                      KEY  POSITION  >SORTKEY  ROW       a full export's row, made (``readyRow``)
///                      !FIRST  FIRST  COUNTS              the partition's counts (unique key)
///     partial output   SORTKEY  POSITION  USER or ROW     SORTKEY: ``CompactSortKey``'s text
///                      !  0  COUNTS                       sorts before every SORTKEY
enum StageLine {
    /// The line's first `count - 1` tab-separated fields and the rest, or nil when it has fewer.
    static func fields(_ line: UnsafeRawBufferPointer, count: Int) -> StageFields? {
        precondition(count >= 1 && count <= StageFields.capacity, "1 to 4 fields")
        var fields = StageFields()
        guard let base = line.baseAddress else {
            guard count == 1 else { return nil }
            fields.append(line)
            return fields
        }
        var start = 0
        while fields.count < count - 1 {
            guard let tab = Memory.first(UInt8(ascii: "\t"), in: base + start, count: line.count - start) else { return nil }
            let end = tab - UnsafeRawPointer(base)
            fields.append(UnsafeRawBufferPointer(rebasing: line[start..<end]))
            start = end + 1
        }
        fields.append(UnsafeRawBufferPointer(rebasing: line[start...]))
        return fields
    }

    /// A field of decimal digits as a number (no sign, at most `Int.max`: a record's position
    /// uses all 63 bits), else nil.
    static func integer(_ field: UnsafeRawBufferPointer) -> Int? {
        guard !field.isEmpty, field.count <= 19 else { return nil }
        var value = 0
        for byte in field {
            guard byte &- UInt8(ascii: "0") < 10 else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAgain) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflow, !overflowAgain else { return nil }
            value = sum
        }
        return value
    }

    /// Whether the line carries counts rather than a record.
    static func isCounts(_ line: UnsafeRawBufferPointer) -> Bool { line.first == UInt8(ascii: "!") }

    /// What the map stage writes in place of a user's JSON when `--search` can't match it (and
    /// no `--where` runs before the search): `KEY<TAB>POSITION<TAB>-`. The partial stage counts
    /// it among the distinct users if it is its id's first occurrence, and judges nothing (on 5M
    /// users `--search an` leaves ~57% of them, and their JSON was most of the shuffle).
    static let shadow = UInt8(ascii: "-")

    /// Whether a user field is ``shadow`` (no user's JSON is `-`).
    static func isShadow(_ user: UnsafeRawBufferPointer) -> Bool { user.count == 1 && user[0] == shadow }

    /// What the map stage writes in place of a user's JSON for a match of a `--count` query it
    /// decided from the record's keys (``MapStageJudging``): the partial stage counts it, as
    /// distinct and matched, if it is its id's first occurrence.
    static let counted = UInt8(ascii: "+")

    /// Whether a user field is ``counted`` (no user's JSON is `+`).
    static func isCounted(_ user: UnsafeRawBufferPointer) -> Bool { user.count == 1 && user[0] == counted }

    /// What begins the user field of one of the best `page × page size` matches of a map stage
    /// (``MapStageBest``): `*` then the user's JSON, which the partial stage counts
    /// (``StageStatistics/HeldBack/kept``) and reads as any user's.
    static let best = UInt8(ascii: "*")

    /// What the map stage writes in place of a page's match it held back (``MapStageBest``): the
    /// partial stage counts it as distinct and matched if dedupe keeps it; no user's JSON is `~`.
    static let heldBack = UInt8(ascii: "~")

    /// Whether a user field is ``heldBack``.
    static func isHeldBack(_ user: UnsafeRawBufferPointer) -> Bool { user.count == 1 && user[0] == heldBack }

    /// What begins the map stage's user field when it made a full export's row itself, from the
    /// record's keys (``MapStageJudging``): `>SORTKEY<TAB>ROW`, the partial stage's own sort key and
    /// escaped row, which it writes as they are (the position between them) once dedupe kept the
    /// line. No user's JSON begins with `>`.
    static let readyRow = UInt8(ascii: ">")

    /// A user field's sort key and escaped row when it is a ``readyRow`` (nil: a user's JSON, a
    /// shadow or a count; a `>` field without its tab is nil too, and reads as bad JSON downstream).
    static func readyRow(_ user: UnsafeRawBufferPointer) -> (key: UnsafeRawBufferPointer, row: UnsafeRawBufferPointer)? {
        guard user.first == readyRow, let base = user.baseAddress,
              let tab = Memory.first(UInt8(ascii: "\t"), in: base + 1, count: user.count - 1) else { return nil }
        let end = tab - UnsafeRawPointer(base)
        return (UnsafeRawBufferPointer(rebasing: user[1..<end]), UnsafeRawBufferPointer(rebasing: user[(end + 1)...]))
    }

    /// A row's bytes with `\`, line feed and carriage return written `\\`, `\n`, `\r`.
    static func appendEscaped(_ row: UnsafeRawBufferPointer, to output: OutputWriter) {
        var start = 0
        for (index, byte) in row.enumerated() where byte == UInt8(ascii: "\\") || byte == 0x0A || byte == 0x0D {
            output.write(UnsafeRawBufferPointer(rebasing: row[start..<index]))
            output.write(byte: UInt8(ascii: "\\"))
            output.write(byte: byte == 0x0A ? UInt8(ascii: "n") : byte == 0x0D ? UInt8(ascii: "r") : UInt8(ascii: "\\"))
            start = index + 1
        }
        output.write(UnsafeRawBufferPointer(rebasing: row[start...]))
    }

    /// ``appendEscaped(_:to:)`` undone, appended to `bytes`; false for an escape it never writes.
    /// The bytes between escapes go in bulk (`memchr` finds the next): every csv row has one,
    /// its CRLF, and a byte at a time was 14% of a 5M export's merge stage.
    static func appendUnescaped(_ field: UnsafeRawBufferPointer, to bytes: inout [UInt8]) -> Bool {
        guard let base = field.baseAddress else { return true }
        func append(_ start: Int, _ end: Int) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: (base + start).assumingMemoryBound(to: UInt8.self), count: end - start))
        }
        var start = 0
        while let found = Memory.first(UInt8(ascii: "\\"), in: base + start, count: field.count - start) {
            let index = found - UnsafeRawPointer(base)
            append(start, index)
            guard index + 1 < field.count else { return false }
            switch field[index + 1] {
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
            default: return false
            }
            start = index + 2
        }
        append(start, field.count)
        return true
    }

    /// An escaped map line's TEXT (`eINPUT`) as the line's bytes, appended to `bytes`: `\\` is a
    /// backslash, `\xHH` the byte HH (two hex digits, either case), every other byte itself; false
    /// for any other backslash. A text pipe carries only UTF-8 (`RDD.pipe` writes `str`), so the
    /// driver writes a line that is not UTF-8 this way — Python's
    /// `line.replace(b"\\", b"\\\\").decode("utf-8", "backslashreplace")` — and the map stage
    /// reads the line's exact bytes, as one run does. A UTF-8 line goes as it is.
    static func appendDecoded(_ field: UnsafeRawBufferPointer, to bytes: inout [UInt8]) -> Bool {
        var index = 0
        while index < field.count {
            let byte = field[index]
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                index += 1
                continue
            }
            guard index + 1 < field.count else { return false }
            switch field[index + 1] {
            case UInt8(ascii: "\\"):
                bytes.append(byte)
                index += 2
            case UInt8(ascii: "x"):
                guard index + 3 < field.count, let high = hexDigit(field[index + 2]), let low = hexDigit(field[index + 3]) else { return false }
                bytes.append(high << 4 | low)
                index += 4
            default:
                return false
            }
        }
        return true
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The start of a line, for a message about it: at most 60 characters.
    static func excerpt(_ line: UnsafeRawBufferPointer) -> String {
        let text = String(decoding: line.prefix(240), as: UTF8.self)
        return text.count > 60 ? String(text.prefix(60)) + "…" : text
    }
}
