import ArgumentParser
import Foundation
import UserListKit
import UserListStages

/// `userlist stage map|partial|merge|plan`: parses a stage's options, then hands over to
/// ``UserListRun/runStage(_:names:input:to:warnings:reporting:expectedLines:started:)``.
struct StageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stage",
        abstract: "Run userlist as the stages of a distributed job (Spark's RDD.pipe, Hadoop Streaming).",
        discussion: """
            One process per partition, lines on standard input and standard output; every stage \
            takes the same list options (--search, --where, --sort, --page, -f, --fields, …) and \
            the inputs' names (--input, in order), and the three together answer exactly as one \
            run over the same inputs, byte for byte, warnings and exit code included:

              map      INPUT<TAB>LINE<TAB>POSITION<TAB>TEXT lines (input index, line number in it, \
            position among all lines; a line that is not UTF-8 as eINPUT and its TEXT escaped, \\\\ \
            and \\xHH) → one line per user keyed by its id, and the counts (a page: only the map's \
            best page × page size sent whole, the other matches held back)
              partial  one partition of those lines, one per id (the smallest position kept) → the \
            partition's counts and candidates (a full export's sorted by their first field: a sorted run)
              merge    every partition's lines (a full export's sorted by their first field: sort -m of \
            partial's runs, or the runs' files read by merge itself with --runs DIR) → the output
              plan     checks the options and says how the driver gathers partial's lines (JSON)

            Integrations/spark/userlist_spark.py runs them on Spark (see README, Past one machine).

            Exit codes: 0 ok, 64 usage (also stages given different options), 65 bad data or a \
            line that is not the previous stage's (named with its line number), 73/74 output, 75 a \
            page the merge can't settle from the maps' best (one of them repeats an earlier id): \
            run the job again with stage map --all-candidates.
            """,
        subcommands: [MapCommand.self, PartialCommand.self, MergeCommand.self, PlanCommand.self]
    )
}
