// Generates Sources/UserListViewModel/FoldingTable.swift, the table behind TextFolding:
//
//     swift Scripts/generate-folding-table.swift > Sources/UserListViewModel/FoldingTable+Data.swift
//
// About 2 minutes (`swift -O Scripts/generate-folding-table.swift > …`: 1 minute). It asks Foundation
// about 28 million foldings. Run it again when the toolchain changes: TextFoldingTests compares the
// table with the live Foundation and fails when they drift apart.
//
// What it reproduces: `text.folding(options: [.caseInsensitive, .diacriticInsensitive,
// .widthInsensitive], locale: nil)` on swift-corelibs-foundation, i.e. CFStringFold. CFStringFold
// folds one cluster at a time: a base scalar plus the marks after it (CF's Grapheme_Extend set).
// The folded text is the concatenation of the folded clusters, but a mark's fate depends on the
// base before it, so it is not the concatenation of the folded scalars. What it measures, scalar
// by scalar, with Foundation itself:
//
//  * map     the folded form of the scalar alone, when it differs from the scalar (case folding,
//            including ß → ss and ﬁ → fi; the base of a canonical decomposition when that base is
//            below U+0510, é → e; fullwidth/halfwidth forms U+FF00–U+FFEF to their plain forms);
//  * mark    a mark that joins the cluster of the base before it: fold("a" + m) == "a";
//  * strip   as a base, the marks after it are dropped: its folded form ends below U+0510 (ASCII,
//            Latin, Greek, Cyrillic), so fold(s + U+20D0) == fold(s). Otherwise the marks are kept:
//            fold(s + U+20D0) is fold(s) and U+20D0 (sorted by combining class, see ccc);
//  * keepLow for a base that keeps marks: the first mark is kept even when it is at or below
//            U+050F. CF drops such a first mark after a base that folding left unchanged:
//            fold("中\u{301}") == "中", but fold("Ա\u{301}") == "ա\u{301}";
//  * ccc     for a mark, its canonical combining class: the kept marks of a cluster, with its base
//            when the base is a mark, are stably sorted by it (CFUniCharPrioritySort: ccc-0 marks
//            move before the others, unlike canonical ordering). Taken from the Swift standard
//            library and checked against Foundation for every mark below;
//  * context anything the model does not predict in every probe context, e.g. decomposable marks
//            (U+0344 → U+0308 U+0301 after a base that keeps marks), halfwidth kana sound marks
//            U+FF9E/U+FF9F (a mark after a base, U+3099/U+309A as a base), spacing viramas that CF
//            sorts with the marks after them. TextFolding leaves a string containing one to Foundation.
//
// A mark at the start of the text, or after NUL (which CF leaves alone without starting a cluster),
// is a base itself. CF's cluster buffer holds 64 scalars; TextFolding gives up well before.
//
// Then it checks the model (`modelFold`, the algorithm of TextFolding+UTF8.swift on scalars)
// against Foundation for every scalar in 25 contexts (alone, after and before ASCII, after bases that
// keep or strip marks, before marks, doubled, after a mark at the start, around NUL, …) and for
// every mark against one representative of each combining class in both orders, and marks
// "context" any scalar that disagrees. The tests check the result again.
//
// Output: one base64 string of run-length records, decoded once into a two-level page table
// (the `FoldingTable` type it emits). No giant array literal: the type checker is slow on them.

import Foundation

let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]

func foundationFold(_ scalars: [UInt32]) -> [UInt32] {
    var s = String()
    for v in scalars { s.unicodeScalars.append(Unicode.Scalar(v)!) }
    return s.folding(options: options, locale: nil).unicodeScalars.map(\.value)
}

func isScalar(_ v: UInt32) -> Bool { v < 0xD800 || (v > 0xDFFF && v <= 0x10FFFF) }
func hex(_ v: [UInt32]) -> String { v.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ") }
func stderr(_ s: String) { FileHandle.standardError.write((s + "\n").data(using: .utf8)!) }

// MARK: - Per-scalar properties, measured

struct Info {
    var map: [UInt32]? = nil  // folded form of the scalar alone, when different
    var mark = false
    var strip = false
    var keepLow = false
    var context = false
    var ccc: UInt8 = 0
    var why = ""
}

let a: UInt32 = 0x61, armenianAyb: UInt32 = 0x531, zhong: UInt32 = 0x4E2D, ka: UInt32 = 0x915
let acute: UInt32 = 0x301, dotBelow: UInt32 = 0x323, harpoon: UInt32 = 0x20D0, nukta: UInt32 = 0x93C, maiHanAkat: UInt32 = 0xE31

var table = [Info](repeating: Info(), count: 0x110000)
let started = Date()

for v in UInt32(0)...0x10FFFF where isScalar(v) {
    var info = Info()
    if v == 0 { table[0] = info; continue }  // NUL: CF leaves it and starts a new cluster after it
    let alone = foundationFold([v])
    if alone != [v] { info.map = alone }
    info.mark = foundationFold([a, v]) == [a]
    // Only the combining class of a mark matters (it is sorted with the marks of its cluster); the
    // standard library's may be newer than CF's data, which the checks below catch.
    if info.mark { info.ccc = UInt8(Unicode.Scalar(v)!.properties.canonicalCombiningClass.rawValue) }
    // `alone` plus `mark` in any order (a mark that starts the text may sort after it).
    func isAloneWith(_ folded: [UInt32], _ mark: UInt32) -> Bool {
        guard folded.count == alone.count + 1, let k = folded.lastIndex(of: mark) else { return false }
        var rest = folded
        rest.remove(at: k)
        return rest == alone
    }
    let withHarpoon = foundationFold([v, harpoon])
    if withHarpoon == alone {
        info.strip = true
    } else if isAloneWith(withHarpoon, harpoon) {
        let withAcute = foundationFold([v, acute])
        if isAloneWith(withAcute, acute) {
            info.keepLow = true
        } else if withAcute != alone {
            info.context = true; info.why = "base + U+0301 -> \(hex(withAcute))"
        }
    } else {
        info.context = true; info.why = "base + U+20D0 -> \(hex(withHarpoon))"
    }
    table[Int(v)] = info
}
stderr("measured in \(Int(Date().timeIntervalSince(started))) s")

// A base that keeps marks starts a sort region (CFUniCharPrioritySort over the trailing marks). The
// model handles a base whose folded form is one scalar (its own combining class then takes part in
// the sort), or several scalars none of which is a mark or has a combining class.
for v in 0x80...0x10FFFF where isScalar(UInt32(v)) && !table[v].strip && !table[v].context {
    let out = table[v].map ?? [UInt32(v)]
    if let map = table[v].map, map.count == 1, table[v].mark {
        // A mark whose folded form differs (e.g. U+FF9E -> U+3099): as a base it sorts with the
        // class of its folded form, as a mark with its own. Not modelled.
        table[v].context = true; table[v].why = "mark with a folded form that keeps marks"
    } else if out.count > 1, out.contains(where: { table[Int($0)].mark || table[Int($0)].ccc != 0 }) {
        table[v].context = true; table[v].why = "folded form with marks"
    } else if out.count == 1, table[v].map != nil, table[Int(out[0])].ccc != 0 {
        table[v].context = true; table[v].why = "folded form with a combining class"
    }
}

// MARK: - The model (the same algorithm as TextFolding+UTF8.swift, on scalars)

/// The model's fold, or nil when the text contains a `context` scalar (Foundation's job).
func modelFold(_ text: [UInt32]) -> [UInt32]? {
    var out: [UInt32] = []
    out.reserveCapacity(text.count + 8)
    enum State { case start, strip, keep }
    var state = State.start
    var firstMark = false, dropFirstLow = false
    var regionStart = 0, maxCCC: UInt8 = 0, clusterLength = 0
    for v in text {
        if v == 0 { out.append(0); state = .start; continue }
        let info = table[Int(v)]
        if info.context { return nil }
        if info.mark && state != .start {
            if state == .strip { continue }
            let first = firstMark
            firstMark = false
            if first && dropFirstLow && v <= 0x50F { continue }
            clusterLength += 1
            if clusterLength >= 32 { return nil }  // CF caps a cluster at 64 UTF-32 units
            if info.ccc < maxCCC {
                // Stable insertion, as CF's bubble sort by combining class leaves it.
                var i = out.count
                while i > regionStart, table[Int(out[i - 1])].ccc > info.ccc { i -= 1 }
                out.insert(v, at: i)
            } else {
                out.append(v)
                maxCCC = info.ccc
            }
            continue
        }
        // A base (or a mark that starts the text or follows NUL).
        let folded = info.map ?? [v]
        if info.map == nil && info.ccc != 0 {
            regionStart = out.count; maxCCC = info.ccc
        } else {
            regionStart = out.count + folded.count; maxCCC = 0
        }
        out += folded
        clusterLength = folded.count
        state = info.strip ? .strip : .keep
        firstMark = true
        dropFirstLow = !info.keepLow
    }
    return out
}

// MARK: - Checks against Foundation

var checked = 0
func check(_ text: [UInt32], blame v: UInt32) {
    if table[Int(v)].context { return }
    checked += 1
    guard let model = modelFold(text) else { return }
    let truth = foundationFold(text)
    if model != truth {
        table[Int(v)].context = true
        table[Int(v)].why = "\(hex(text)) -> \(hex(truth)), model \(hex(model))"
    }
}

// The probes themselves must behave as the model says.
let probes: [UInt32] = [a, armenianAyb, zhong, ka, acute, dotBelow, harpoon, nukta, maiHanAkat]
for p in probes where table[Int(p)].context { fatalError("probe U+\(hex([p])) is context-dependent: \(table[Int(p)].why)") }
guard table[Int(harpoon)].mark, table[Int(acute)].mark, table[Int(dotBelow)].mark, table[Int(nukta)].mark,
      table[Int(maiHanAkat)].mark, table[Int(zhong)].keepLow == false, table[Int(armenianAyb)].keepLow,
      table[Int(a)].strip, !table[Int(zhong)].strip
else { fatalError("probe scalars do not behave as expected") }

for v in UInt32(1)...0x10FFFF where isScalar(v) {
    let contexts: [[UInt32]] = [
        [v], [a, v], [v, a], [a, v, a], [armenianAyb, v], [zhong, v], [v, zhong], [ka, v, a],
        [v, acute], [v, harpoon], [v, nukta], [v, maiHanAkat], [v, dotBelow, acute], [v, v],
        [armenianAyb, v, dotBelow], [armenianAyb, dotBelow, v], [armenianAyb, harpoon, v], [armenianAyb, nukta, v],
        [zhong, acute, v], [zhong, v, acute], [zhong, v, nukta], [acute, v], [nukta, v], [a, 0, v], [v, 0, acute],
    ]
    for text in contexts { check(text, blame: v) }
}
stderr("contexts checked in \(Int(Date().timeIntervalSince(started))) s")

// Combining classes: every mark against one representative of each class, in both orders, after a
// base whose folded form keeps all marks, and at the start of the text.
var representatives: [UInt8: UInt32] = [:]
for v in UInt32(0x300)...0x10FFFF where isScalar(v) {
    let info = table[Int(v)]
    if info.mark && !info.context && info.map == nil && representatives[info.ccc] == nil { representatives[info.ccc] = v }
}
let reps = representatives.keys.sorted().map { representatives[$0]! }
for r in reps { for s in reps { check([armenianAyb, r, s], blame: r) } }
for r in reps where table[Int(r)].context { fatalError("representative U+\(hex([r])) disagrees: \(table[Int(r)].why)") }
for v in UInt32(0x80)...0x10FFFF where isScalar(v) && table[Int(v)].mark {
    for r in reps {
        check([armenianAyb, v, r], blame: v)
        check([armenianAyb, r, v], blame: v)
        check([v, r], blame: v)
        check([zhong, r, v], blame: v)
    }
}
stderr("combining classes checked in \(Int(Date().timeIntervalSince(started))) s; \(checked) folds compared")

// MARK: - Encoding

// Entry flags (also the blob's record flags, with hasCCC and hasMap on top).
let flagMark: UInt8 = 1, flagStrip: UInt8 = 2, flagKeepLow: UInt8 = 4, flagContext: UInt8 = 8
let flagHasCCC: UInt8 = 16, flagHasMap: UInt8 = 32

func flags(_ i: Info) -> UInt8 {
    (i.mark ? flagMark : 0) | (i.strip ? flagStrip : 0) | (i.keepLow ? flagKeepLow : 0) | (i.context ? flagContext : 0)
}

func utf8(_ scalars: [UInt32]) -> [UInt8] {
    var s = String()
    for v in scalars { s.unicodeScalars.append(Unicode.Scalar(v)!) }
    return Array(s.utf8)
}

var blob: [UInt8] = []
func varint(_ x: Int) {
    var x = x
    while x >= 0x80 { blob.append(UInt8(x & 0x7F) | 0x80); x >>= 7 }
    blob.append(UInt8(x))
}

// Records: varint(gap since the previous run's end), varint(run length - 1), flags, [ccc], [utf8 length, utf8].
// A scalar not covered by a record has the default entry: unchanged, not a mark, keeps marks,
// drops a first mark at or below U+050F, combining class 0.
var previousEnd = 0
var v = 0
var mappedCount = 0, mappingBytes = 1, markCount = 0, stripCount = 0
var contextScalars: [UInt32] = []
var maxGrowth = 1.0
while v <= 0x10FFFF {
    guard isScalar(UInt32(v)) else { v += 1; continue }
    let info = table[v]
    let f = flags(info)
    if info.mark { markCount += 1 }
    if info.strip { stripCount += 1 }
    if info.context { contextScalars.append(UInt32(v)) }
    if let map = info.map {
        mappedCount += 1
        let bytes = utf8(map)
        mappingBytes += 1 + bytes.count
        maxGrowth = max(maxGrowth, Double(bytes.count) / Double(utf8([UInt32(v)]).count))
        varint(v - previousEnd); varint(0)
        blob.append(f | flagHasMap | (info.ccc != 0 ? flagHasCCC : 0))
        if info.ccc != 0 { blob.append(info.ccc) }
        blob.append(UInt8(bytes.count)); blob += bytes
        previousEnd = v + 1; v += 1
        continue
    }
    if f == 0 && info.ccc == 0 { v += 1; continue }  // the default entry
    var end = v + 1
    while end <= 0x10FFFF, isScalar(UInt32(end)), table[end].map == nil, flags(table[end]) == f, table[end].ccc == info.ccc { end += 1 }
    varint(v - previousEnd); varint(end - v - 1)
    blob.append(f | (info.ccc != 0 ? flagHasCCC : 0))
    if info.ccc != 0 { blob.append(info.ccc) }
    if info.mark { markCount += end - v - 1 }
    if info.strip { stripCount += end - v - 1 }
    if info.context { contextScalars += (v + 1 ..< end).map(UInt32.init) }
    previousEnd = end; v = end
}
precondition(mappingBytes < 0x10000, "mapping bytes no longer fit the 16-bit offsets")

// Base64, 100 characters a line.
let base64 = Data(blob).base64EncodedString()
var lines: [String] = []
var index = base64.startIndex
while index < base64.endIndex {
    let next = base64.index(index, offsetBy: 100, limitedBy: base64.endIndex) ?? base64.endIndex
    lines.append(String(base64[index..<next]))
    index = next
}

func toolchain() -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "--version"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "unknown" }
    process.waitUntilExit()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return text.split(separator: "\n").first.map(String.init) ?? "unknown"
}

let contextList = contextScalars.map { "U+" + String($0, radix: 16, uppercase: true) }
var contextComment = ""
var line = "//  "
for item in contextList {
    if line.count + item.count + 1 > 100 { contextComment += line + "\n"; line = "//  " }
    line += " " + item
}
contextComment += line
let growth = Int(maxGrowth.rounded(.up))

for v in contextScalars where !table[Int(v)].why.isEmpty { stderr("context U+\(hex([v])): \(table[Int(v)].why)") }
stderr("\(mappedCount) mapped, \(markCount) marks, \(stripCount) strip bases, \(contextScalars.count) context-dependent; blob \(blob.count) bytes, mappings \(mappingBytes) bytes, max growth \(maxGrowth)")

print("""
// GENERATED FILE — DO NOT EDIT. Made by Scripts/generate-folding-table.swift:
//     swift Scripts/generate-folding-table.swift > Sources/UserListViewModel/FoldingTable+Data.swift
// from swift-corelibs-foundation's String.folding(options: [.caseInsensitive, .diacriticInsensitive,
// .widthInsensitive], locale: nil) (CFStringFold) in \(toolchain()),
// \(ProcessInfo.processInfo.operatingSystemVersionString).
//
// \(mappedCount) scalars change when folded alone, \(markCount) are marks that join the cluster before them,
// \(stripCount) bases drop the marks after them. \(contextScalars.count) scalars are context-dependent
// beyond that model; a string containing one is folded by Foundation:
\(contextComment)

extension FoldingTable {
    /// An upper bound of folded UTF-8 bytes per input byte.
    static let maxGrowth = \(growth)

    /// \(blob.count) bytes of records, base64: varint(gap since the previous run), varint(run length - 1),
    /// flags (mark 1, strip 2, keepLow 4, context 8, has ccc 16, has mapping 32), [ccc], [length, UTF-8].
    static let blob: StaticString = \"\"\"
\(lines.joined(separator: "\n"))
\"\"\"
}
""")
