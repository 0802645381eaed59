import UserListKit
/// The stages of a distributed run (`userlist stage …`), as Spark's `RDD.pipe` or Hadoop Streaming
/// run them: one process per partition, lines on standard input and standard output.
///
///     map      numbered input lines → one keyed line per user, and the partition's counts
///              (Spark: shuffle by id, keep the smallest position — first occurrence wins)
///     partial  deduplicated users → --where, --search, and the best page × page size (or every
///              match of a full export, each with its sort key), and the partition's counts
///              (Spark: collect; a full export is first sorted by that key with sortBy)
///     merge    every partition's lines → exactly the output of one run, its warnings and exit code
///
/// Each is a cut of the one run's list of stages (``ListPipeline``, built by
/// ``UserListRun/pipeline()``): map runs it through normalise, the shuffle is dedupe, partial runs
/// filter to cells, merge runs rank (over every partition's candidates) and render.
///
/// Every stage takes the same userlist options; each uses the part it needs, and each line of
/// counts carries a fingerprint of them, so a stage given other options stops (exit 64) instead
/// of answering something else.
public enum Stage: String, CaseIterable, Sendable {
    case map, partial, merge
}
