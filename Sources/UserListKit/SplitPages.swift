@_spi(Pipeline) import UserListViewModel
@_spi(Pipeline) import UserListDomain
import UserListPlatform
import UserListRendering
import UserListService
import Foundation

/// `--split-pages DIR`: every page of the answer, each in a file of its own — `DIR/page-1.html`,
/// `page-2.html`, … (the format's extension) — each exactly what `--page N` prints, so an html
/// page's pager links its neighbours. An empty answer is `page-1` with the empty state, as
/// `--page 1` shows it.
///
/// The files are written once the whole input has been read and the answer decided, so bad input
/// never touches DIR. Each is written beside its name and renamed over it whole (as `--output`
/// is); files `page-N` of the same extension past the new last page, left by an earlier run over
/// more users, are removed, so DIR holds one answer. A write that fails part-way (a full disk)
/// can leave the pages before it new and those after it old, each one whole: run it again.
struct SplitPages {
    let directory: String
    let format: OutputFormat
    let pageSize: Int

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
    func write(total: Int, renderer: any ListRenderer, cells page: UserListPage?, rows: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws(UserlistError) -> Int {
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
            do {
                try rows { row in
                    ranges.append(bytes.count..<bytes.count + row.count)
                    bytes.append(contentsOf: row)
                    if ranges.count == pageSize { try finishPage() }
                }
                if !ranges.isEmpty { try finishPage() }
            } catch let error as UserlistError {
                throw error
            } catch {
                throw UserlistError(.output, "\(error)")
            }
        }
        removeStalePages(after: max(totalPages, 1))
        return totalPages
    }

    private func writeFile(_ number: Int, _ state: ListState, _ renderer: any ListRenderer) throws(UserlistError) {
        let path = directory + "/" + fileName(ofPage: number)
        let file: AtomicFile
        do { file = try AtomicFile(path: path, removingStale: false) } catch { throw UserlistError(.cantCreate, Diagnostic(.unwritableOutput, option: "--split-pages", error.description)) }
        let writer = OutputWriter(fileDescriptor: file.descriptor, name: path)
        do {
            try renderer.render(state, to: writer)
            try writer.flush()
        } catch {
            file.abandon()
            if let error = error as? UserlistError { throw error }
            throw UserlistError(.output, "\(error)")
        }
        do { try file.commit(durably: false) } catch {
            throw UserlistError(error.operation == "write error" ? .output : .cantCreate, error.description)
        }
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
