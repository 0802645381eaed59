import FuzzSupport
import UserListKit

/// Bytes → documents → users → rows, through the library as `userlist FILE` runs it. The first
/// byte picks the options (so each payload shape meets each reader path: one worker or two,
/// --skip-bad-json, sorting, paging, each format); the rest is the input file.
///
/// What must hold, whatever the bytes: no crash or sanitizer report, and every message (the
/// error that stops the run, each warning) is one clean line with the documented exit code.
func fuzzGateway(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    guard size > 0 else { return 0 }
    let options = data[0]
    FuzzSupport.write(UnsafeRawBufferPointer(start: data + 1, count: size - 1), to: FuzzSupport.scratchFile)

    let sortKeys: [SortKey?] = [nil, .name, .id, .city]
    var query = UserListQuery()
    query.sort = sortKeys[Int(options >> 2 & 3)].map { UserSortOrder(key: $0, descending: options & 0x10 != 0) }
    query.page = options & 0x20 != 0 ? 1 : nil
    query.pageSize = 3
    if options & 0x40 != 0 { query.search = "é" }
    var run = UserListRun(inputs: [.file(FuzzSupport.scratchFile)], query: query,
                          format: OutputFormat.allCases[Int(options >> 4) % OutputFormat.allCases.count],
                          strict: options & 0x80 != 0, threads: options & 2 != 0 ? 2 : 1)
    run.skipBadJSON = options & 1 != 0

    let warnings = CollectedWarnings()
    do {
        try run.run(output: OutputWriter(), warnings: warnings)
    } catch {
        FuzzSupport.checkOneLine(error.message, "the error")
        if error.kind != .data && error.kind != .usage {
            FuzzSupport.fail("exit \(error.exitCode) for bad input", error.message)
        }
    }
    for warning in warnings.messages { FuzzSupport.checkOneLine(warning, "a warning") }
    return 0
}

FuzzSupport.main(fuzzGateway)
