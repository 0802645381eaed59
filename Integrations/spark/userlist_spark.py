#!/usr/bin/env python3
"""userlist as a stage of Apache Spark: the answer of one `userlist` run over the same inputs,
byte for byte, with its warnings and exit code, computed by Spark's executors.

    python3 Integrations/spark/userlist_spark.py --master local[4] --userlist PATH \\
        --output OUT INPUT... -- [userlist options]

    spark-submit --files /path/to/userlist Integrations/spark/userlist_spark.py \\
        --userlist ./userlist --output OUT hdfs:///exports/2026-11-24/ -- --sort name -f csv

The job (README: "Past one machine"):

  1. Every input's lines, read as their exact bytes (read_lines), get their global position —
     what zipWithIndex gives the inputs' lines one after another (one pass counts each partition,
     then each line is numbered from the sum of the partitions before it; done by hand so the same
     pass also gives each line's number in its own input, for messages).
  2. `userlist stage map` runs on each partition (RDD.pipe): one line per user keyed by its id.
  3. A shuffle by id keeps each id's smallest position (reduceByKey): the first occurrence wins.
  4. `userlist stage partial` runs on each partition of users: --where, --search, the sort, and
     the best page x page size (or every match of a full export, behind a byte-ordered key).
  5. The driver gathers partial's lines (a full export sorted by that key with sortBy, in
     parallel) and pipes them to `userlist stage merge`, which writes OUT and the warnings, and
     whose exit code is the job's.

Python 3.9+, PySpark 4 (Java 17). Only the standard library besides PySpark.
"""

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import time


def parse_arguments(argv):
    """Our options before `--`, userlist's after it."""
    if "--" in argv:
        cut = argv.index("--")
        ours, theirs = argv[:cut], argv[cut + 1:]
    else:
        ours, theirs = argv, []
    parser = argparse.ArgumentParser(
        prog="userlist_spark.py",
        description="Run userlist over INPUTs on Spark; the output equals one userlist run's.",
        epilog="Options after -- are userlist's (--search, --where, --sort, --page, -f, --fields, ...).",
    )
    parser.add_argument("--master", help="Spark master: local[4], yarn, spark://host:7077 (with spark-submit, leave it to spark-submit)")
    parser.add_argument("--userlist", required=True,
                        help="the userlist binary: a path that exists on every node, or the name of a file shipped with "
                             "spark-submit --files (./userlist)")
    parser.add_argument("--output", required=True, help="the output file, written on the driver; '-' is standard output")
    parser.add_argument("--partitions", type=int,
                        help="partitions of the shuffle by id and of the sort (default: as many as the input has)")
    parser.add_argument("inputs", nargs="+", metavar="INPUT",
                        help="NDJSON files (.gz too), or directories or globs of them, read in the order given")
    return parser.parse_args(ours), theirs


def driver_userlist(given):
    """The binary the driver runs (plan, merge): the path as given, else the copy --files shipped."""
    if os.path.isfile(given):
        return os.path.abspath(given)
    from pyspark import SparkFiles
    return SparkFiles.get(os.path.basename(given))


def hidden(name):
    """Whether Spark's file sources skip a file of this name (as Hadoop's readers do): read_lines
    would read it as empty."""
    return name.startswith(("_", "."))


def expand_inputs(sc, inputs):
    """Each INPUT as the files it names, in order: a directory's files and a glob's matches sorted
    by path (as a shell sorts `exports/*.ndjson`), without names starting with _ or . (`_SUCCESS`);
    a plain file as given, so messages name it as one run would (one of those names is exit 66:
    Spark can't read it). Every file is an input of its own: its lines are numbered from 1."""
    jvm = sc._jvm
    conf = sc._jsc.hadoopConfiguration()
    files = []
    for given in inputs:
        path = jvm.org.apache.hadoop.fs.Path(given)
        fs = path.getFileSystem(conf)
        glob = any(c in given for c in "*?[{")
        if not glob and fs.exists(path) and not fs.getFileStatus(path).isDirectory():
            if hidden(path.getName()):
                sys.stderr.write("userlist_spark.py: %s: Spark reads no file whose name starts with _ or . "
                                 "(rename it, or link it under another name)\n" % given)
                sys.exit(66)
            files.append(given)
            continue
        found = []
        for status in fs.globStatus(path) or []:
            if status.isDirectory():
                for child in fs.listStatus(status.getPath()):
                    name = child.getPath().getName()
                    if child.isFile() and not hidden(name):
                        found.append(child.getPath().toString())
            elif not hidden(status.getPath().getName()):
                found.append(status.getPath().toString())
        if not found:
            sys.stderr.write("userlist: %s: No such file or directory\n" % given)
            sys.exit(66)
        files += sorted(found)
    return files


def read_lines(spark, name):
    r"""A file's lines as their exact bytes, in order: a line ends at `\n` only, which is not part of
    it (one run's lines: the `\r` of a CRLF stays, JSON white space, and a lone `\r` ends no line).

    Not `sc.textFile`: its Hadoop reader also ends a line at a lone `\r`, and it hands lines over
    as Java strings, invalid UTF-8 already replaced by U+FFFD, so one run's error would vanish
    (even with use_unicode=False, which only skips Python's decoding of that string). Spark SQL's
    text source keeps each line's bytes; cast to binary, they reach Python as `bytes`, framed as
    textFile's strings are. One file's splits come in file order, one per partition."""
    from pyspark.rdd import RDD
    from pyspark.serializers import UTF8Deserializer
    frame = spark.read.option("lineSep", "\n").text(name).selectExpr("CAST(value AS BINARY) AS value")
    binary = spark.sparkContext._jvm.org.apache.spark.sql.Encoders.BINARY()
    return RDD(getattr(frame._jdf, "as")(binary).javaRDD(), spark.sparkContext, UTF8Deserializer(use_unicode=False))


def stage_text(text):
    r"""A line's bytes as the map stage's (INPUT prefix, TEXT): UTF-8 as it is; anything else
    escaped for the text pipe (RDD.pipe writes `str` as UTF-8), `\\` for a backslash and `\xHH`
    for each byte that is not UTF-8, under `eINPUT`, and the map stage reads the exact bytes."""
    try:
        return "", text.decode("utf-8")
    except UnicodeDecodeError:
        return "e", text.replace(b"\\", b"\\\\").decode("utf-8", "backslashreplace")


def number_lines(spark, files):
    """Every line as `INPUT<TAB>LINE<TAB>POSITION<TAB>TEXT` (input index, line number in it from
    1, global position from 0; `eINPUT` and TEXT escaped for a line that is not UTF-8), and how
    many lines there are."""
    sc = spark.sparkContext
    per_file = [read_lines(spark, name) for name in files]
    lines = sc.union(per_file) if len(per_file) > 1 else per_file[0]
    # A union keeps its parts' partitions in order: file 0's splits in order, then file 1's, ...
    owner = [index for index, rdd in enumerate(per_file) for _ in range(rdd.getNumPartitions())]
    counts = lines.mapPartitions(lambda it: [sum(1 for _ in it)]).collect()
    starts, firsts, total, seen = [], [], 0, [0] * len(files)
    for partition, count in enumerate(counts):
        starts.append(total)
        firsts.append(seen[owner[partition]])
        total += count
        seen[owner[partition]] += count

    def tag(partition, texts):
        source, position, line = owner[partition], starts[partition], firsts[partition] + 1
        for text in texts:
            escaped, text = stage_text(text)
            yield "%s%d\t%d\t%d\t%s" % (escaped, source, line, position, text)
            position += 1
            line += 1

    return lines.mapPartitionsWithIndex(tag), total


def stage_command(userlist, stage, names, options):
    """The command RDD.pipe runs (it splits it with shlex)."""
    inputs = [word for name in names for word in ("--input", name)]
    return shlex.join([userlist, "stage", stage] + inputs + options)


def keyed(line):
    """A map line by its key (the id, or a partition's counts), with its position."""
    key, position, _ = line.split("\t", 2)
    return key, (int(position), line)


def first_occurrence(a, b):
    return a if a[0] <= b[0] else b


def sort_key(line):
    """A partial line's first field: hex whose byte order is the list's order ("!" counts first)."""
    return line.split("\t", 1)[0]


def failed_stage_code(error):
    """The exit code of the stage whose failure failed the job (its own line is on the executor's
    standard error), or 70 when Spark failed for another reason."""
    found = re.search(r"exited with error code (\d+)", str(error))
    return int(found.group(1)) if found else 70


class Timings:
    """USERLIST_SPARK_TIMINGS=1: where the job's time went, one line on standard error at the end."""

    def __init__(self):
        self.enabled = os.environ.get("USERLIST_SPARK_TIMINGS") == "1"
        self.last = time.time()
        self.parts = []

    def mark(self, what):
        now = time.time()
        self.parts.append("%.1f s %s" % (now - self.last, what))
        self.last = now

    def report(self):
        if self.enabled:
            sys.stderr.write("userlist_spark.py: " + ", ".join(self.parts) + "\n")


def main(argv):
    started = time.time()
    timings = Timings()
    args, options = parse_arguments(argv)
    # The workers run this Python (a virtual environment's, with PySpark).
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    # Spark's own messages at ERROR only (log4j2.properties beside this file), unless the cluster
    # has a configuration of its own: standard error is then userlist's, as in one run.
    os.environ.setdefault("SPARK_CONF_DIR", os.path.dirname(os.path.abspath(__file__)))
    from pyspark import SparkConf, SparkContext, StorageLevel
    from pyspark.sql import SparkSession

    conf = SparkConf().setAppName("userlist")
    if args.master:
        conf.setMaster(args.master)
    conf.set("spark.ui.showConsoleProgress", "false")
    sc = SparkContext(conf=conf)
    sc.setLogLevel("ERROR")
    spark = SparkSession(sc)  # for the text source that keeps a line's bytes (read_lines)
    timings.mark("starting Spark")
    try:
        userlist = driver_userlist(args.userlist)
        # Executors run --userlist as given (a shipped ./userlist lands in their working
        # directory); in local mode they are the driver, whose copy is found above.
        executor_userlist = userlist if sc.master.startswith("local") else args.userlist
        names = expand_inputs(sc, args.inputs)
        # Every option is checked once, before any work: a typo is exit 64 now, not in a task.
        plan = subprocess.run([userlist, "stage", "plan"] + [w for n in names for w in ("--input", n)] + options,
                              stdout=subprocess.PIPE)
        if plan.returncode != 0:
            return plan.returncode
        plan = json.loads(plan.stdout)

        timings.mark("planning")
        numbered, total = number_lines(spark, names)
        timings.mark("counting lines")
        partitions = args.partitions or max(1, numbered.getNumPartitions())
        # The stages see the driver's environment ($ENV in a jq expression), as one run there would.
        environment = dict(os.environ)
        mapped = numbered.pipe(stage_command(executor_userlist, "map", names, options), env=environment, checkCode=True)
        users = mapped.map(keyed).reduceByKey(first_occurrence, numPartitions=partitions).map(lambda kv: kv[1][1])
        partial = users.pipe(stage_command(executor_userlist, "partial", names, options), env=environment, checkCode=True)
        if plan["sort"]:
            # A full export: sorted by Spark in parallel; the range sampling must not run partial twice.
            partial = partial.persist(StorageLevel.MEMORY_AND_DISK).sortBy(sort_key, numPartitions=partitions)

        merge_command = [userlist, "stage", "merge"] + [w for n in names for w in ("--input", n)] + options
        merge_command += ["--lines", str(total), "--started", "%.3f" % started]
        if args.output != "-":
            merge_command += ["--output", args.output]
        merge = subprocess.Popen(merge_command, stdin=subprocess.PIPE)
        try:
            first = True
            # A page's candidates are few: one job computes every partition at once. A full
            # export comes partition by partition in order, the next one computed meanwhile.
            lines = partial.toLocalIterator(prefetchPartitions=True) if plan["sort"] else partial.collect()
            for line in lines:
                if first:
                    timings.mark("map, shuffle, partial%s until the first line" % (", sort" if plan["sort"] else ""))
                    first = False
                merge.stdin.write(line.encode("utf-8") + b"\n")
            merge.stdin.close()
        except BrokenPipeError:
            pass  # merge stopped early; its exit code says why
        except Exception as error:  # a stage failed: its own line is on the executors' standard error
            merge.kill()
            merge.wait()
            sys.stderr.write("userlist_spark.py: a stage failed, so the job did: %s\n" % str(error).strip().splitlines()[0])
            return failed_stage_code(error)
        code = merge.wait()
        timings.mark("the rest into merge")
        return code
    finally:
        sc.stop()
        timings.report()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
