import UserListKit
import UserListDomain
import UserListPlatform
import UserListInput
import UserListJSON

/// A stage's standard input (or bytes, in tests, or a byte range of a file: `stage map
/// --range`), read as lines: a line ends at `\n`, which is not part of it; a last line without
/// one is a line too.
public struct StageInput: Sendable {
    private indirect enum Source: Sendable {
        case fileDescriptor(Int32)
        case bytes([UInt8])
        case range(StageRange)
        /// The first source's lines, then the sorted runs' lines merged (``StageRuns``).
        case then(Source, StageRuns)
    }

    private let source: Source
    /// The name messages give it.
    let name: String

    public static let standardInput = StageInput(source: .fileDescriptor(FileReading.standardInput), name: "<stdin>")

    public init(bytes: [UInt8]) {
        source = .bytes(bytes)
        name = "<stdin>"
    }

    /// The lines of an open file (`merge --reject-lines`); the caller keeps it open meanwhile.
    init(fileDescriptor: Int32, name: String) {
        self.init(source: .fileDescriptor(fileDescriptor), name: name)
    }

    /// The lines of `range` of a file, read from the file itself (``StageRange``); `name` is the
    /// input's name, as messages give it.
    public init(range: StageRange, name: String) {
        self.init(source: .range(range), name: name)
    }

    /// Standard input's lines (a full export's counts), then the lines of `runs` in byte order
    /// (`stage merge --runs DIR`: what `sort -m` of the runs gave).
    public static func standardInput(then runs: StageRuns) -> StageInput {
        StageInput(source: .then(.fileDescriptor(FileReading.standardInput), runs), name: "<stdin>")
    }

    /// `bytes`' lines, then the lines of `runs` (tests).
    init(bytes: [UInt8], then runs: StageRuns) {
        self.init(source: .then(.bytes(bytes), runs), name: "<stdin>")
    }

    private init(source: Source, name: String) {
        self.source = source
        self.name = name
    }

    /// Calls `body` with each line and its 1-based number, in order. Returns whether the file
    /// goes on after the last line: a range that ends before its file does (a standard input or
    /// bytes: false, their last line is the end as far as a stage can tell).
    @discardableResult
    func forEachLine(_ body: (UnsafeRawBufferPointer, Int) throws(UserlistError) -> Void) throws(UserlistError) -> Bool {
        switch source {
        case .bytes(let bytes):
            var number = 0
            var failure: UserlistError?
            bytes.withUnsafeBytes { all in
                var start = 0
                while start < all.count {
                    let end = Self.newline(in: all, from: start, to: all.count) ?? all.count
                    number += 1
                    do throws(UserlistError) { try body(UnsafeRawBufferPointer(rebasing: all[start..<end]), number) } catch {
                        failure = error
                        return
                    }
                    start = end + 1
                }
            }
            if let failure { throw failure }
            return false
        case .fileDescriptor, .range:
            return try withLines { (lines, stop) throws(UserlistError) in
                var number = 0
                while true {
                    let begins = lines.nextOffset
                    guard let line = try lines.next() else { return false }
                    if begins >= stop { return true }
                    number += 1
                    try body(line, number)
                }
            }
        case .then(let first, let runs):
            var number = 0
            try StageInput(source: first, name: name).forEachLine { (line, n) throws(UserlistError) in
                number = n
                try body(line, n)
            }
            try runs.mergeOnAThread { (line) throws(UserlistError) in
                number += 1
                try body(line, number)
            }
            return false
        }
    }

    /// ``forEachLine`` a block of lines at a time (``StageLineBuffer/nextBlock(before:)``), for a
    /// stage that reads thousands at once (the map stage's split, partial's partition): `body` gets lines that each
    /// end in `\n` (a last line without one is given one), the first one's 1-based number, how
    /// many, and whether input follows the block — a line of the range or one past its end.
    /// Not for merge's input (``standardInput(then:)``).
    func forEachBlock(_ body: (UnsafeRawBufferPointer, _ first: Int, _ count: Int, _ followed: Bool) throws(UserlistError) -> Void) throws(UserlistError) {
        try withLines { (lines, stop) throws(UserlistError) in
            var number = 1
            while let (block, followed) = try lines.nextBlock(before: stop) {
                let count = TextPosition.countNewlines(in: block)
                try body(block, number, count, followed)
                number += count
            }
        }
    }

    /// Each line of a block ``forEachBlock(_:)`` gave, without its `\n`: its index in the block
    /// and whether it is the block's last.
    static func forEachLine(in block: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer, Int, Bool) throws(UserlistError) -> Void) throws(UserlistError) {
        guard let base = block.baseAddress else { return }
        var start = 0
        var index = 0
        while start < block.count {
            let end = base.distance(to: Memory.first(UInt8(ascii: "\n"), in: base + start, count: block.count - start)!)
            try body(UnsafeRawBufferPointer(rebasing: block[start..<end]), index, end + 1 == block.count)
            (start, index) = (end + 1, index + 1)
        }
    }

    /// `body` with the source's lines in a ``StageLineBuffer`` and the offset no line begins at
    /// or past (a range's END: the buffer counts offsets in the file), a range's first partial
    /// line skipped. Not for `.then` (the runs are merged, not read).
    private func withLines<R>(_ body: (StageLineBuffer, Int) throws(UserlistError) -> R) throws(UserlistError) -> R {
        switch source {
        case .bytes(let bytes):
            var offset = 0
            return try body(StageLineBuffer { buffer in
                let n = min(buffer.count, bytes.count - offset)
                bytes.withUnsafeBytes { if n > 0 { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: n) } }
                offset += n
                return n
            }, .max)
        case .fileDescriptor(let fd):
            // A partition of compressed frames (`stage map --compress-frames`) is one zstd stream,
            // told by its first bytes; a stage's plain lines never begin like one (they are UTF-8
            // text: an id's `"`, a mark).
            return try body(StageLineBuffer.reading(fd, name: name) { UserlistError(.noInput, $0) }, .max)
        case .range(let range):
            return try withLines(of: range, body)
        case .then:
            preconditionFailure("a merge's runs are not read through one buffer")
        }
    }

    /// A range of a file (``StageRange``): a plain file from the first line that begins in it
    /// (the byte before START is read too: a `\n` there means a line begins at START) to the
    /// last line that begins before END; a compressed one whole, decompressed.
    private func withLines<R>(of range: StageRange, _ body: (StageLineBuffer, Int) throws(UserlistError) -> R) throws(UserlistError) -> R {
        let fd: Int32
        do { fd = try FileReading.openInput(range.path) } catch {
            throw UserlistError(.noInput, Diagnostic(.unreadableInput, scope: "stage map", input: name, "\(error.reason) (opening \(range.path) where this stage runs)", hint: "every executor must see the input at the path the driver gives: a shared filesystem, or an hdfs:// or s3a:// input"))
        }
        defer { FileReading.closeInput(fd) }
        let name = name
        var offset = max(0, range.start - 1)
        func pread(_ buffer: UnsafeMutableRawBufferPointer) throws(UserlistError) -> Int {
            let n: Int
            do throws(SystemError) { n = try FileReading.read(fd, into: buffer, at: offset, name: name) } catch { throw UserlistError(.noInput, error) }
            offset += n
            return n
        }
        if range.start == 0 {
            var first = [UInt8](repeating: 0, count: Compression.magicLength)
            let count = try first.withUnsafeMutableBytes { bytes in
                // `withUnsafeMutableBytes` rethrows untyped: the typed failure comes out as a value.
                Result { () throws(UserlistError) in try pread(bytes) }
            }.get()
            offset = 0
            if let compression = Compression(magic: Array(first[..<count])) {
                if let end = range.end, let size = FileReading.regularFileSize(range.path), end < size {
                    throw UserlistError(.usage, Diagnostic(.usage, scope: "stage map", input: name, "--range \(range.path):0:\(end): a compressed file (\(compression)) can't be read in parts", hint: "give the whole file, --range \(range.path):0:"))
                }
                let stream = try compression.stream(fd, prefix: [], inputName: name, progress: ReadProgress?.none)
                return try body(StageLineBuffer { (buffer) throws(UserlistError) in try stream.read(into: buffer) }, .max)
            }
        }
        let lines = StageLineBuffer(origin: offset, fill: pread)
        // The bytes up to the first `\n` are not a line: the range's first line began before it.
        if range.start > 0 { _ = try lines.next() }
        return try body(lines, range.end ?? .max)
    }

    /// The offset of the first `\n` in `bytes[from..<to]`.
    private static func newline(in bytes: UnsafeRawBufferPointer, from: Int, to: Int) -> Int? {
        guard from < to, let found = Memory.first(UInt8(ascii: "\n"), in: bytes.baseAddress! + from, count: to - from) else { return nil }
        return bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
    }
}
