import UserListTestSupport

/// Makes issue 18's exports from a seed: good users (international names, unique ids, some ids
/// again later) with broken records between the good lines, of every kind.
struct CorpusGenerator {
    private var random: SeededGenerator
    private var serial = 0
    private var goodUsers: [CorpusUser] = []
    private var brokenIDs: [String] = []
    private let format: CorpusExport.Format

    /// Names to show: scripts, combining marks, astral emoji, an escaped quote and backslash, a comma.
    static let names = [
        "Zoë Müller", "José Núñez", "张伟", "王芳", "김민준", "Ελένη Παπαδοπούλου", "Ådne Øvergård", "Şükrü Çelik",
        "Nguyễn Văn An", "محمد علي", "Łukasz Żółkiewski", "Björk Guðmundsdóttir", "Дмитрий Иванов", "שרה כהן",
        "पूजा शर्मा", "田中 花子", "Ana \"Nana\" Lima", "Back\\Slash Bo", "O'Connor, Brian", "Kai 🌊 Nakamura",
        "Amélie Poulain", "Søren Kierkegaard", "Chloé Zhao", "Renée Éluard",
    ]
    static let cities = ["Berlin", "São Paulo", "北京", "Zürich", "Québec", "Kraków"]

    init(seed: UInt64, format: CorpusExport.Format) {
        random = SeededGenerator(state: seed)
        self.format = format
    }

    // MARK: - Random exports

    /// A random export: 2 to 24 good items (a few to a few dozen users), a broken record after a
    /// good item about a third of the time, now and then a blank line.
    static func randomExport(seed: UInt64, format: CorpusExport.Format, compression: CorpusExport.Compression, index: Int) -> CorpusExport {
        var maker = CorpusGenerator(seed: seed, format: format)
        var items: [CorpusExport.Item] = []
        let goodCount = Int.random(in: 2...24, using: &maker.random)
        for number in 0..<goodCount {
            items.append(maker.goodItem())
            let roll = Int.random(in: 0..<100, using: &maker.random)
            // The first two items are good, so the layout is plain from the first lines.
            if number >= 1, roll < 40 || (number == goodCount - 1 && roll < 60) {
                for _ in 0..<8 {
                    let broken = maker.brokenItem(after: items)
                    var candidate = items
                    candidate.append(broken)
                    if Self.isFair(candidate, format: format) {
                        items = candidate
                        break
                    }
                }
            } else if roll > 94 {
                items.append(.blank(Bool.random(using: &maker.random) ? "" : "  \t"))
            }
        }
        return CorpusExport(seed: seed, format: format, compression: compression, index: index, items: items,
                            finalLineBreak: Int.random(in: 0..<100, using: &maker.random) < 80,
                            gzipMemberCut: compression == .gzip && Bool.random(using: &maker.random) ? Int.random(in: 0...400, using: &maker.random) : nil)
    }

    /// Whether `items` keep to the rules that make the contract's answer unambiguous:
    /// - a broken record whose text leaves brackets open (`{"id":`, `[{…}`) is never followed,
    ///   however far, by one whose first line starts with `]` or `}` before another broken record:
    ///   read across lines, the two could close into valid JSON around the good lines between;
    /// - a line layout is plain from its first lines: the first item is good and, over the first 64
    ///   lines, every prefix of 3 lines or more holds at least twice as many good lines as broken;
    ///   a pretty one starts with two good documents.
    static func isFair(_ items: [CorpusExport.Item], format: CorpusExport.Format) -> Bool {
        var lastBroken: CorpusExport.Kind?
        for item in items {
            guard case .broken(let broken) = item else { continue }
            if broken.kind.startsWithCloser, lastBroken?.leavesOpen == true { return false }
            lastBroken = broken.kind
        }
        let nonBlank = items.filter { if case .blank = $0 { false } else { true } }
        guard case .good? = nonBlank.first else { return false }
        if format.layout == .pretty {
            guard nonBlank.count >= 2 else { return true }
            if case .good = nonBlank[1] { return true }
            return false
        }
        var good = 0, bad = 0, seen = 0
        for item in items {
            let (lines, isBad): (Int, Bool) = switch item {
            case .good: (1, false)
            case .blank: (0, false)
            case .broken(let broken): (broken.lines.count, true)
            }
            for _ in 0..<lines {
                if isBad { bad += 1 } else { good += 1 }
                seen += 1
                if seen >= 3, good < 2 * bad { return false }
                if seen >= 64 { return true }
            }
        }
        return true
    }

    // MARK: - Good documents

    mutating func newUser(broken: Bool = false) -> CorpusUser {
        serial += 1
        let name = Self.names.randomElement(using: &random)!
        let id: String
        let idJSON: String
        if broken {
            id = "b-\(serial)"
            idJSON = "\"\(id)\""
        } else {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                id = String(1000 + serial)
                idJSON = id
            case 4..<8:
                id = "u-\(serial)"
                idJSON = "\"\(id)\""
            default:
                id = "ид-\(serial)"
                idJSON = "\"\(id)\""
            }
        }
        let city = Int.random(in: 0..<3, using: &random) == 0 ? Self.cities.randomElement(using: &random)! : nil
        let bio = Int.random(in: 0..<6, using: &random) == 0 ? "first line\nsecond, \"quoted\"" : nil
        return CorpusUser(id: id, idJSON: idJSON, name: name, email: "p\(serial)@example.org", city: city, bio: bio)
    }

    /// A good user: usually new; sometimes an earlier id again (a duplicate, with another name),
    /// or the id of a user only a broken record held (the first good occurrence must win).
    mutating func goodUser() -> CorpusUser {
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < 10, let earlier = goodUsers.randomElement(using: &random) {
            var again = newUser()
            again.id = earlier.id
            again.idJSON = earlier.idJSON
            again.name = Self.names.filter { $0 != earlier.name }.randomElement(using: &random)!
            return again
        }
        if roll < 14, let id = brokenIDs.randomElement(using: &random) {
            var user = newUser()
            user.id = id
            user.idJSON = "\"\(id)\""
            goodUsers.append(user)
            return user
        }
        let user = newUser()
        goodUsers.append(user)
        return user
    }

    mutating func goodDocument() -> CorpusJSON {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<10: return .array((0..<Int.random(in: 1...3, using: &random)).map { _ in goodUser() })
        case 10..<20: return .envelope((0..<Int.random(in: 1...3, using: &random)).map { _ in goodUser() })
        default: return .user(goodUser())
        }
    }

    mutating func goodItem() -> CorpusExport.Item {
        let count = format == .concatenated ? Int.random(in: 1...4, using: &random) : 1
        return .good((0..<count).map { _ in goodDocument() }, separator: Bool.random(using: &random) ? "" : " ")
    }

    // MARK: - Broken records

    /// A broken record of a random kind, one that may follow `items` (see ``isFair(_:format:)``).
    mutating func brokenItem(after items: [CorpusExport.Item]) -> CorpusExport.Item {
        var kinds = CorpusExport.Kind.allCases.filter { $0 != .prettyCut || format == .pretty }
        var lastBroken: CorpusExport.Kind?
        for case .broken(let broken) in items { lastBroken = broken.kind }
        if lastBroken?.leavesOpen == true { kinds.removeAll(where: \.startsWithCloser) }
        let kind = kinds.randomElement(using: &random)!
        if kind == .truncated {
            // A good line of this export (one document) or a fresh one, cut at a random byte.
            var line = Array(CorpusJSON.user(newUser(broken: true)).compact.utf8)
            let earlier = items.compactMap { item -> CorpusJSON? in
                if case .good(let documents, _) = item, documents.count == 1 { return documents[0] }
                return nil
            }
            if Bool.random(using: &random), let document = earlier.randomElement(using: &random) { line = Array(document.compact.utf8) }
            return Self.truncation(line, at: Int.random(in: 0..<line.count, using: &random))
        }
        if kind == .prettyCut {
            let document: CorpusJSON = Bool.random(using: &random) ? .user(newUser(broken: true)) : .envelope((0..<Int.random(in: 1...2, using: &random)).map { _ in newUser(broken: true) })
            let text = Array(document.pretty.utf8)
            return Self.prettyCut(text, at: Int.random(in: 1..<text.count, using: &random))
        }
        let user = newUser(broken: true)
        brokenIDs.append(user.id)
        return .broken(broken(kind, user))
    }

    /// `line` cut to its first `count` bytes: an empty line (no record) when `count` is 0.
    static func truncation(_ line: [UInt8], at count: Int) -> CorpusExport.Item {
        count == 0 ? .blank("") : .broken(.init(kind: .truncated, lines: [Array(line[..<count])]))
    }

    /// A pretty document cut off after `count` bytes (at least 1), as lines.
    static func prettyCut(_ text: [UInt8], at count: Int) -> CorpusExport.Item {
        let lines = text[..<count].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        return .broken(.init(kind: .prettyCut, lines: lines))
    }

    mutating func broken(_ kind: CorpusExport.Kind, _ user: CorpusUser) -> CorpusExport.Broken {
        let compact = CorpusJSON.user(user).compact
        let quotedName = CorpusJSON.Value.quoted(user.name)
        // `{"id":"b-1","name":"` and what follows the name's closing quote.
        let nameStart = compact.range(of: "\"name\":" + quotedName)!.lowerBound
        let head = String(compact[..<nameStart]) + "\"name\":\""
        let tail = "\"" + String(compact[compact.range(of: "\"name\":" + quotedName)!.upperBound...])
        let characters = Array(user.name)
        let split = Int.random(in: 1..<max(2, characters.count), using: &random)
        let nameHead = String(CorpusJSON.Value.quoted(String(characters[..<split])).dropFirst().dropLast())
        let nameTail = String(CorpusJSON.Value.quoted(String(characters[split...])).dropFirst().dropLast())
        let bytes = Array(compact.utf8)
        func line(_ text: String) -> [[UInt8]] { [Array(text.utf8)] }
        switch kind {
        case .cutMidObject:
            // After a `{`, `,` or `:` outside strings.
            var places: [Int] = []
            var inString = false, escaped = false
            for (index, byte) in bytes.enumerated() {
                if inString {
                    if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                } else if byte == UInt8(ascii: "\"") {
                    inString = true
                } else if [UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":")].contains(byte), index + 1 < bytes.count {
                    places.append(index + 1)
                }
            }
            return .init(kind: kind, lines: [Array(bytes[..<places.randomElement(using: &random)!])])
        case .cutMidString:
            return .init(kind: kind, lines: line(head + nameHead))
        case .extraBrace:
            return .init(kind: kind, lines: line(compact + "}"))
        case .strayBracket:
            return .init(kind: kind, lines: line(Bool.random(using: &random) ? "]" : "] " + compact))
        case .rawNewline:
            return .init(kind: kind, lines: [Array((head + nameHead).utf8), Array((nameTail + tail).utf8)])
        case .nulByte:
            switch Int.random(in: 0..<3, using: &random) {
            case 0: return .init(kind: kind, lines: line(head + nameHead + "\u{0}" + nameTail + tail))
            case 1: return .init(kind: kind, lines: line("\u{0}" + compact))
            default: return .init(kind: kind, lines: line(compact.replacingOccurrences(of: ",\"name\":", with: "\u{0}\"name\":")))
            }
        case .unclosedBracket:
            let second = Bool.random(using: &random) ? "," + CorpusJSON.user(newUser(broken: true)).compact : ""
            return .init(kind: kind, lines: line("[" + compact + second))
        case .loneBrace:
            return .init(kind: kind, lines: line("{"))
        case .missingComma:
            return .init(kind: kind, lines: line(compact.replacingOccurrences(of: ",\"email\":", with: "\"email\":")))
        case .closeOpenAtStart:
            return .init(kind: kind, lines: line("}" + compact))
        case .noUsers:
            return .init(kind: kind, lines: line(["42", "[1,2]", "\"x\""].randomElement(using: &random)!))
        case .truncated, .prettyCut:
            fatalError("made by truncation(_:at:) and prettyCut(_:at:)")
        }
    }

    // MARK: - Exports bigger than a read chunk

    /// An export of `size` bytes or so whose broken records (every kind, one after another with a
    /// good item between) sit around `boundary` (the reader's 4 MiB chunk: each chunk is cut at
    /// its last line break, so the records straddle, end and start chunks), and a few elsewhere.
    static func largeExport(seed: UInt64, format: CorpusExport.Format, compression: CorpusExport.Compression, index: Int, boundary: Int, size: Int) -> CorpusExport {
        var maker = CorpusGenerator(seed: seed, format: format)
        var items: [CorpusExport.Item] = []
        var bytes = 0
        // Where the broken records start: some way before the boundary, so that they cover it.
        let runStart = boundary - Int.random(in: 1_000...6_000, using: &maker.random)
        var kinds = CorpusExport.Kind.allCases.filter { $0 != .prettyCut || format == .pretty }
        kinds.shuffle(using: &maker.random)
        let lineBreak = format == .crlf ? 2 : 1
        var lastBroken: CorpusExport.Kind?
        func length(of item: CorpusExport.Item) -> Int {
            CorpusExport(seed: 0, format: format, compression: .none, index: 0, items: [item], finalLineBreak: true, gzipMemberCut: nil).text.count + (lineBreak - 1)
        }
        while bytes < size {
            let good = maker.goodItem()
            items.append(good)
            bytes += length(of: good)
            let inRun = bytes >= runStart && !kinds.isEmpty
            guard inRun || (items.count > 8 && Int.random(in: 0..<200, using: &maker.random) == 0) else { continue }
            for _ in 0..<8 {
                // The last broken record and earlier good lines to cut are all it looks at.
                var broken = maker.brokenItem(after: Array(items.suffix(64)))
                if inRun, case .broken(let made) = broken, made.kind != kinds[0] {
                    // The run's next kind, made the way brokenItem(after:) makes it.
                    let user = maker.newUser(broken: true)
                    switch kinds[0] {
                    case .truncated:
                        let line = Array(CorpusJSON.user(user).compact.utf8)
                        broken = truncation(line, at: Int.random(in: 1..<line.count, using: &maker.random))
                    case .prettyCut:
                        let text = Array(CorpusJSON.user(user).pretty.utf8)
                        broken = prettyCut(text, at: Int.random(in: 1..<text.count, using: &maker.random))
                    default:
                        broken = .broken(maker.broken(kinds[0], user))
                    }
                }
                // The layout rule looks at the first lines only; past them, the rule about closers.
                let fair: Bool
                if items.count < 100 {
                    fair = isFair(items + [broken], format: format)
                } else if case .broken(let made) = broken, made.kind.startsWithCloser {
                    fair = lastBroken?.leavesOpen != true
                } else {
                    fair = true
                }
                if fair {
                    if case .broken(let made) = broken { lastBroken = made.kind }
                    items.append(broken)
                    bytes += length(of: broken)
                    if inRun { kinds.removeFirst() }
                    break
                }
            }
        }
        return CorpusExport(seed: seed, format: format, compression: compression, index: index, items: items, finalLineBreak: true, gzipMemberCut: nil)
    }

    // MARK: - Sweeps: every truncation at every byte

    /// For `line` (one good document), an export per byte count 0..<its length: four good lines,
    /// `line` cut to that many bytes, three good lines (or, `atEnd`, the cut line last with no line
    /// break after it).
    static func truncationSweep(of document: CorpusJSON, seed: UInt64, format: CorpusExport.Format, atEnd: Bool) -> [CorpusExport] {
        let line = Array((format == .pretty ? document.pretty : document.compact).utf8)
        return (0..<line.count).compactMap { count in
            if format == .pretty, count == 0 { return nil }
            var maker = CorpusGenerator(seed: seed &+ UInt64(count), format: format)
            var items = (0..<4).map { _ in maker.goodItem() }
            items.append(format == .pretty ? prettyCut(line, at: count) : truncation(line, at: count))
            if !atEnd { items += (0..<3).map { _ in maker.goodItem() } }
            return CorpusExport(seed: seed, format: format, compression: .none, index: count, items: items, finalLineBreak: !atEnd, gzipMemberCut: nil)
        }
    }

    /// The documents the sweeps cut: a user with every kind of field, an array of two, an envelope.
    static var sweepDocuments: [CorpusJSON] {
        let first = CorpusUser(id: "s-1", idJSON: "\"s-1\"", name: "Zoë \"Z\" Müller-张伟 🌊", email: "zoe@example.de", city: "Zürich", bio: "line one\nline two")
        let second = CorpusUser(id: "7", idJSON: "7", name: "Ελένη Παπαδοπούλου", email: "eleni@example.gr", city: nil, bio: nil)
        let third = CorpusUser(id: "s-3", idJSON: "\"s-3\"", name: "김민준", email: "minjun@example.kr", city: "서울", bio: nil)
        return [.user(first), .array([second, third]), .envelope([first, third])]
    }
}
