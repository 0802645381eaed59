import UserListKit
/// What `userlist stage merge --part` writes: the whole output (the default), or a piece of it, so
/// that nothing of a big job has to pass through one process (README: Past one machine).
///
///     whole    every partition's lines → the output of one run
///     combine  several partitions' partial lines (a paged query, --count) → the same kind of
///              lines for all of them: the counts summed and the best page × page size, so the
///              driver gathers candidates in a tree instead of from every partition at once
///     rows     one partition of a full export's rows, sorted → those rows as the output holds
///              them, each followed by the format's separator between rows (json's comma; the
///              other formats' rows end with their line break): an ordered part file's body
///     ends     every line of counts (and, when given, the export's last row) → one JSON line,
///              {"head":…,"tail":…}: what the output holds before its first row (csv and tsv's
///              header, json's opening) and from the given row on (that row, json's closing),
///              with the warnings, the error and --summary of the whole run
public enum MergePart: String, CaseIterable, Sendable {
    case whole, combine, rows, ends
}
