@_spi(Pipeline) import UserListViewModel
import UserListDomain
import UserListPlatform
import UserListRendering
import UserListService
import Foundation

/// `--split-pages DIR`: every page of the answer, each in a file of its own — `DIR/page-1.html`,
/// `page-2.html`, … (the format's extension) — each exactly what `--page N` prints, so an html
/// page's pager links its neighbours. An empty answer is `page-1` with the empty state, as
/// `--page 1` shows it.
///
/// The set is replaced whole or not at all. The files are written once the whole input has been
/// read and the answer decided, so bad input never touches DIR; then every page is written to a
/// temporary file beside its name, and only once all of them are written are they renamed over
/// their names, one after another, and the `page-N` files of the same extension past the new last
/// page (an earlier, longer answer's) removed. A write that fails (a full disk) removes the
/// temporaries and leaves the old set as it was; a signal during the renames (a few milliseconds
/// for thousands of pages) ends the run after the last of them. A reader of DIR during the
/// renames can find some pages of each set, each file whole.
final class SplitPages {
    let directory: String
    let format: OutputFormat
    let pageSize: Int
    /// The pages written so far, not yet renamed into place (deinit removes them on failure).
    private var written: [AtomicFile] = []

    init(directory: String, format: OutputFormat, pageSize: Int) {
        self.directory = directory
        self.format = format
        self.pageSize = pageSize
    }

    /// Fails early (exit 73) when DIR is there but is not a directory, before anything is read.
    func checkDirectory() throws(UserlistError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw UserlistError(.cantCreate, Diagnostic(.unwritableOutput, option: "--split-pages", "\(directory): not a directory"))
        }
    }

    func fileName(ofPage number: Int) -> String { "page-\(number).\(format.fileExtension)" }

    /// Writes the pages of `total` matches; `rows` calls its argument with each encoded row in
    /// order (nil when the renderer shows cells: then `page` holds them all).
    func write(total: Int, renderer: any ListRenderer, cells page: UserListPage?, rows: ((UnsafeRawBufferPointer) throws(UserlistError) -> Void) throws(UserlistError) -> Void) throws(UserlistError) -> Int {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw UserlistError(.cantCreate, Diagnostic(.unwritableOutput, option: "--split-pages", "\(directory): cannot create the directory"))
        }
        let totalPages = total / pageSize + (total % pageSize == 0 ? 0 : 1)
        // One pass over DIR for the temporaries killed runs left, not one for each page.
        AtomicFile.removeStaleTemporaries(in: directory) { isPage($0) != nil }
        func pageState(_ number: Int, items: [UserCellViewModel], users: [User], rows: [EncodedRow]) -> ListState {
            var page = UserListPage(totalItems: total, page: number, pageSize: pageSize, totalPages: totalPages, hasMore: number < totalPages, items: items, rows: rows)
            page.users = users
            return total == 0 ? .empty(page) : .loaded(page)
        }
        if total == 0 {
            try writeFile(1, pageState(1, items: [], users: [], rows: []), renderer)
        } else if let page {
            for number in 1...totalPages {
                let range = (number - 1) * pageSize..<min(number * pageSize, page.items.count)
                let users = page.users.count == page.items.count ? Array(page.users[range]) : []
                try writeFile(number, pageState(number, items: Array(page.items[range]), users: users, rows: []), renderer)
            }
        } else {
            var bytes: [UInt8] = []
            var ranges: [Range<Int>] = []
            var number = 1
            func finishPage() throws(UserlistError) {
                let storage = EncodedRows(bytes)
                try writeFile(number, pageState(number, items: [], users: [], rows: ranges.map { EncodedRow(storage: storage, range: $0) }), renderer)
                bytes.removeAll(keepingCapacity: true)
                ranges.removeAll(keepingCapacity: true)
                number += 1
            }
            try rows { (row) throws(UserlistError) in
                ranges.append(bytes.count..<bytes.count + row.count)
                bytes.append(contentsOf: row)
                if ranges.count == pageSize { try finishPage() }
            }
            if !ranges.isEmpty { try finishPage() }
        }
        // Every page is written: the set goes into place, renamed in page order.
        let pages = written
        written = []
        try ProcessSignals.deferring { () throws(UserlistError) in
            for (index, file) in pages.enumerated() {
                do throws(SystemError) { try file.moveIntoPlace(durably: false) } catch {
                    // Only a directory changed under the run gets here: the pages not yet renamed go.
                    for later in pages[(index + 1)...] { later.abandon() }
                    throw UserlistError(.cantCreate, error, scope: "--split-pages")
                }
            }
            removeStalePages(after: max(totalPages, 1))
        }
        return totalPages
    }

    private func writeFile(_ number: Int, _ state: ListState, _ renderer: any ListRenderer) throws(UserlistError) {
        let path = directory + "/" + fileName(ofPage: number)
        let file: AtomicFile
        do { file = try AtomicFile(path: path, removingStale: false) } catch { throw UserlistError(.cantCreate, error, scope: "--split-pages") }
        let writer = OutputWriter(fileDescriptor: file.descriptor, name: path)
        do {
            try renderer.render(state, to: writer)
            try writer.flush()
        } catch {
            file.abandon()
            throw error
        }
        do { try file.finishWriting(durably: false) } catch {
            throw UserlistError.output(error)
        }
        written.append(file)
    }

    /// The N of a `page-N.EXT` file name of this format, else nil.
    func isPage(_ name: String) -> Int? {
        let prefix = "page-", suffix = "." + format.fileExtension
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { return nil }
        let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.first != "0" else { return nil }
        return Int(digits)
    }

    /// `page-N.EXT` files with N past `last`: an earlier, longer answer's.
    private func removeStalePages(after last: Int) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names {
            guard let number = isPage(name), number > last else { continue }
            try? FileManager.default.removeItem(atPath: directory + "/" + name)
        }
    }
}
