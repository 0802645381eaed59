import Foundation
import Testing
@testable import UserListPlatform

/// `--output`, `--rejects` and `--summary` files (``AtomicFile``): whole or not at all, beside the
/// file a link names, private while written, and no temporary left behind that a later run can't
/// recognise.
@Suite struct AtomicFileTests {
    /// A fresh directory, removed after `body`.
    func inDirectory(_ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try body(directory)
    }

    func write(_ text: String, to file: AtomicFile) {
        _ = FileWriting.writeAll(file.descriptor, text)
    }

    func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    func entries(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    /// The permission bits (`st_mode & 0o7777`), 0 when there is no such file.
    func mode(_ path: String) -> Int {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.posixPermissions] as? NSNumber)?.intValue ?? 0
    }

    /// The file's inode number (`st_ino`).
    func inode(_ path: String) -> UInt64? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.systemFileNumber] as? NSNumber)?.uint64Value
    }

    func symlink(_ target: String, _ path: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    @Test func temporaryIsPrivateUntilCommitThenGetsTheOldMode() throws {
        try inDirectory { directory in
            let path = directory + "/users.csv"
            try "yesterday\n".write(toFile: path, atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
            let file = try AtomicFile(path: path)
            write("today\n", to: file)
            let temporary = try #require(try entries(directory).first { $0 != "users.csv" })
            #expect(mode(directory + "/" + temporary) == 0o600)
            #expect(contents(path) == "yesterday\n")
            #expect(temporary.hasPrefix(".users.csv.userlist-\(ProcessInfo.processInfo.processIdentifier)-"))
            try file.commit()
            #expect(contents(path) == "today\n")
            #expect(mode(path) == 0o640)
            #expect(try entries(directory) == ["users.csv"])
        }
    }

    @Test func namesOfTheProcesssOwnDescriptorsAreKnownThroughLinks() throws {
        #expect(AtomicFile.ownDescriptor(named: "/dev/stdout") == 1)
        #expect(AtomicFile.ownDescriptor(named: "/dev/stderr") == 2)
        #expect(AtomicFile.ownDescriptor(named: "/dev/fd/7") == 7)
        #expect(AtomicFile.ownDescriptor(named: "/proc/self/fd/2") == 2)
        #expect(AtomicFile.ownDescriptor(named: "/proc/\(ProcessInfo.processInfo.processIdentifier)/fd/5") == 5)
        #expect(AtomicFile.ownDescriptor(named: "/proc/1/fd/5") == nil || ProcessInfo.processInfo.processIdentifier == 1)
        #expect(AtomicFile.ownDescriptor(named: "/dev/fd/x") == nil)
        #expect(AtomicFile.ownDescriptor(named: "/dev/null") == nil)
        try inDirectory { directory in
            try symlink("/dev/stdout", directory + "/out")
            try symlink("out", directory + "/relative")
            #expect(AtomicFile.ownDescriptor(named: directory + "/out") == 1)
            #expect(AtomicFile.ownDescriptor(named: directory + "/relative") == 1)
            #expect(AtomicFile.ownDescriptor(named: directory + "/missing") == nil)
        }
    }

    /// `--rejects /dev/stdout > out.txt`: written through the descriptor, after what it wrote and
    /// before what it writes next; the file behind it is the same file, and no temporary is made.
    @Test func ownDescriptorIsWrittenThroughNotReplaced() throws {
        try inDirectory { directory in
            let path = directory + "/out.txt"
            try #require(FileManager.default.createFile(atPath: path, contents: nil))
            let handle = try #require(FileHandle(forWritingAtPath: path))
            defer { try? handle.close() }
            let fd = handle.fileDescriptor
            let before = inode(path)
            _ = FileWriting.writeAll(fd, "list\n")
            let file = try AtomicFile(path: "/dev/fd/\(fd)")
            write("rejects\n", to: file)
            try file.commit()
            _ = FileWriting.writeAll(fd, "more\n")
            #expect(contents(path) == "list\nrejects\nmore\n")
            #expect(before != nil && inode(path) == before)
            #expect(try entries(directory) == ["out.txt"])
        }
    }

    @Test func abandonLeavesTheOldFileAndNoTemporary() throws {
        try inDirectory { directory in
            let path = directory + "/users.csv"
            try "yesterday\n".write(toFile: path, atomically: false, encoding: .utf8)
            let file = try AtomicFile(path: path)
            write("half a fi", to: file)
            file.abandon()
            #expect(contents(path) == "yesterday\n")
            #expect(try entries(directory) == ["users.csv"])
        }
    }

    @Test func aLinkStaysALinkAndItsTargetIsReplaced() throws {
        try inDirectory { directory in
            try FileManager.default.createDirectory(atPath: directory + "/data", withIntermediateDirectories: false)
            try FileManager.default.createDirectory(atPath: directory + "/links", withIntermediateDirectories: false)
            try "yesterday\n".write(toFile: directory + "/data/users.csv", atomically: false, encoding: .utf8)
            try symlink("../data/users.csv", directory + "/links/users.csv")
            try symlink("../data/new.csv", directory + "/links/new.csv")  // dangling: `>` would create it
            for name in ["users.csv", "new.csv"] {
                let file = try AtomicFile(path: directory + "/links/" + name)
                write("today\n", to: file)
                try file.commit()
                #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/links/" + name) == "../data/" + name)
                #expect(contents(directory + "/data/" + name) == "today\n")
            }
            #expect(try entries(directory + "/data") == ["new.csv", "users.csv"])
        }
    }

    @Test func aLinkLoopIsACreateError() throws {
        try inDirectory { directory in
            try symlink("loop", directory + "/loop")
            #expect(throws: SystemError("cannot create the output file", subject: directory + "/loop", code: POSIXErrorCode.ELOOP.rawValue)) {
                _ = try AtomicFile(path: directory + "/loop")
            }
        }
    }

    @Test func staleTemporariesOfGoneRunsAreRemovedLiveOnesKept() throws {
        try inDirectory { directory in
            // pid_max is at most 2^22 on Linux: this PID is never running.
            let gone = ".users.csv.userlist-2147483646-abcdef"
            let live = ".users.csv.userlist-\(ProcessIdentity.parent)-abcdef"
            let unknown = ".users.csv.userlist-abcdef"          // an older userlist's: no PID to check
            let other = ".orders.csv.userlist-2147483646-abcdef"  // another destination's
            for name in [gone, live, unknown, other] {
                FileManager.default.createFile(atPath: directory + "/" + name, contents: Data())
            }
            let file = try AtomicFile(path: directory + "/users.csv")
            try file.commit()
            #expect(try entries(directory) == [other, live, unknown, "users.csv"].sorted())
        }
    }

    @Test func oneSweepRemovesTheStaleTemporariesOfEveryNameItAccepts() throws {
        try inDirectory { directory in
            let gone = [".page-1.html.userlist-2147483646-abcdef", ".page-12.html.userlist-2147483646-Zz0000"]
            let live = ".page-2.html.userlist-\(ProcessIdentity.parent)-abcdef"
            let other = ".notes.html.userlist-2147483646-abcdef"   // not a page: not this sweep's
            for name in gone + [live, other] {
                FileManager.default.createFile(atPath: directory + "/" + name, contents: Data())
            }
            AtomicFile.removeStaleTemporaries(in: directory) { $0.hasPrefix("page-") }
            #expect(try entries(directory) == [other, live].sorted())
            // A file made without its own sweep leaves the others alone.
            FileManager.default.createFile(atPath: directory + "/" + gone[0], contents: Data())
            let file = try AtomicFile(path: directory + "/page-1.html", removingStale: false)
            try file.commit(durably: false)
            #expect(try entries(directory) == [gone[0], other, live, "page-1.html"].sorted())
        }
    }

    @Test func temporaryNames() {
        let prefix = AtomicFile.temporaryPrefix("users.csv")
        #expect(prefix == ".users.csv.userlist-")
        #expect(AtomicFile.temporaryOwner(".users.csv.userlist-4242-Ab9xYz", prefix: prefix) == 4242)
        #expect(AtomicFile.temporaryOwner(".users.csv.userlist-Ab9xYz", prefix: prefix) == nil)
        #expect(AtomicFile.temporaryOwner(".users.csv.userlist-4242-Ab9xYz.bak", prefix: prefix) == nil)
        #expect(AtomicFile.temporaryOwner(".users.csv.userlist--1-Ab9xYz", prefix: prefix) == nil)
        #expect(AtomicFile.temporaryOwner(".users.csv.old.userlist-4242-Ab9xYz", prefix: prefix) == nil)
        // A long name is cut so that the temporary's name still fits in 255 bytes.
        let long = String(repeating: "é", count: 127)
        #expect(AtomicFile.temporaryPrefix(long).utf8.count + "4194304-XXXXXX".utf8.count <= 255)
    }

    @Test func sameDestinationComparesFilesNotNames() throws {
        try inDirectory { directory in
            let path = directory + "/users.json"
            try "[]".write(toFile: path, atomically: false, encoding: .utf8)
            try FileManager.default.linkItem(atPath: path, toPath: directory + "/hard.json")
            try symlink("users.json", directory + "/link.json")
            try symlink("missing.json", directory + "/dangling.json")
            #expect(AtomicFile.sameDestination(path, directory + "/hard.json"))
            #expect(AtomicFile.sameDestination(path, directory + "/link.json"))
            #expect(AtomicFile.sameDestination(path, directory + "/./users.json"))
            #expect(AtomicFile.sameDestination(directory + "/missing.json", directory + "/dangling.json"))
            #expect(AtomicFile.sameDestination(directory + "/missing.json", directory + "/../" + (directory as NSString).lastPathComponent + "/missing.json"))
            #expect(!AtomicFile.sameDestination(path, directory + "/missing.json"))
            #expect(!AtomicFile.sameDestination(directory + "/a.json", directory + "/b.json"))
            #expect(!AtomicFile.sameDestination("/dev/null", "/dev/null"))
        }
    }
}
