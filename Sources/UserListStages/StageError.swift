import UserListKit
import UserListDomain
/// An error a stage met in the data, carried to the merge stage as data instead of failing the
/// task: stages see their partitions in no particular order, and the merge reports the one error
/// a single run would have stopped at, with its words and exit code.
///
/// A single run reads each input in chunks of 4 MiB and stops at the first chunk with an error;
/// inside a chunk, a reading error (bad JSON, a document with no users, `--jq`) stops it after the
/// records before it are taken in, a `--strict` reject before any `--where` runs, and `--where`
/// at the first failing user. So errors are ordered by input, then — among the errors before the
/// input's reading error, if it has one — by that rank, then by position (``StageErrors``):
/// exactly a single run's choice whenever each input is one chunk. (When an input is bigger, and
/// two errors of different ranks sit in it, a single run's choice depends on where its chunks
/// were cut; the distributed run still names one of them, always the same one.)
struct StageError: Codable, Sendable {
    enum Rank: Int, Codable, Sendable {
        case reading = 0, strict = 1, filter = 2
        /// More rejects than `--max-rejects`: made by the merge alone, once it has every reject
        /// line, at the reject that was one too many (a single run stops there, as at a reading
        /// error in that input, but after the warnings of the rejects before it).
        case tooManyRejects = 3
    }

    var input: Int
    var rank: Rank
    var position: Int
    var code: Int32
    var message: String
    /// A `--where` error's user as its line of the rejects file (kind `where`, the canonical
    /// user), when the run keeps rejects or counts them (`--rejects`, `--max-rejects`): a single
    /// run writes it as the file's last line, and counts it as a reject.
    var reject: String?

    init(input: Int, rank: Rank, position: Int, error: UserlistError) {
        self.input = input
        self.rank = rank
        self.position = position
        code = error.exitCode
        message = error.message
    }

    var error: UserlistError {
        UserlistError(UserlistError.Kind(rawValue: code) ?? .data, Diagnostic(.relayed, message))
    }
}
