#!/usr/bin/env python3
"""userlist as a stage of Apache Spark: the answer of one `userlist` run over the same inputs,
byte for byte, with its warnings and exit code, computed by Spark's executors.

    python3 Integrations/spark/userlist_spark.py --master local[4] --userlist PATH \\
        [--output OUT | --output-dir DIR] INPUT... -- [userlist options]

    spark-submit Integrations/spark/userlist_spark.py --userlist ./userlist \\
        --output-dir hdfs:///exports/users-2026-11-24 hdfs:///exports/2026-11-24/ -- --sort name -f csv

The job (README: "Past one machine"):

  0. The driver's userlist (--userlist, a path on the driver) is shipped to every executor
     (SparkContext.addFile); one small job checks that it runs there and that its `--version` is
     the driver's, before any work.
  1. Every input is cut into splits without reading it (plan_splits): a file the executors open
     by path (a local path, file://) into byte ranges by its size (a compressed one whole); a
     file only Hadoop reads (hdfs://, s3a://) as Spark's text source splits it (read_frame).
     Each split's lines get a position that sorts in input order without counting first
     (split_arguments: split, then line in it) and their number in their input, or, past an
     input's first split, a mark the merge resolves.
  2. `userlist stage map --split … --buckets N` runs on each split (stage_runner): with `--range
     PATH:START:END` it reads its byte range of the file itself (no line passes through Python);
     a split Spark read gets its lines on standard input, in bulk. Out: one line per user, framed
     by the partition its id goes to, with --where's and --search's answer on it (a user they
     leave out is its id and position only; one --where fails on carries the error).
  3. The shuffle moves those frames (Shuffle); `userlist stage partial --dedupe` keeps each id's
     smallest position: the first occurrence wins.
  4. `userlist stage partial` runs on each partition of users: the first occurrence's --where
     error (if any), --search, the sort, and the best page x page size (or every match of a full
     export, behind a byte-ordered key).
  5. A page or a count: partial's lines are combined in a tree (`stage merge --part combine`,
     tree_combine) and the last few go to `userlist stage merge` on the driver.
     A full export: partial sorts each partition's rows by key, and its lines stay blocks of
     bytes; with --output-dir, cut into ranges of their sort key at sampled bounds, each range
     sorted on the executors (sorted_ranges) and written as ordered part files (write_parts);
     with --output (or standard output), each partition's sorted run fetched to the driver and
     the runs merged by `sort -m` into one merge (merge_runs).
     Merge writes OUT, --summary and the warnings; its exit code is the job's.

Every failure is one line on standard error and userlist's exit code (main's handler): no
traceback. Python 3.9+, PySpark 4 (Java 17). Only the standard library besides PySpark.
"""

import argparse
import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time

# userlist's exit codes (README: Exit codes), and 70 for a failure of Spark's own.
EX_USAGE, EX_DATAERR, EX_NOINPUT, EX_SOFTWARE, EX_CANTCREAT, EX_IOERR, EX_TEMPFAIL = 64, 65, 66, 70, 73, 74, 75

# What the stages' processes get of an environment (nothing else: not the driver's, not the
# Python worker's): the driver's locale and time zone, which decide what one run on the driver
# would print, and the node's own search path, library path and temporary directory. `--env NAME`
# adds the driver's NAME (for jq's $ENV and env in --where and --jq).
DRIVER_ENVIRONMENT = ("LANG", "LC_ALL", "LC_CTYPE", "TZ")
NODE_ENVIRONMENT = ("PATH", "LD_LIBRARY_PATH", "TMPDIR")

# A stage's failure crosses from the executor to the driver inside Spark's exception text, as one
# JSON object behind this marker.
FAILURE_MARKER = "USERLIST-STAGE-FAILED"


class JobFailure(Exception):
    """A failure the job reports as one line (`userlist_spark.py: MESSAGE`, or the stage's own
    `userlist: …` line) with an exit code."""

    def __init__(self, message, code):
        super().__init__(message)
        self.message = message
        self.code = code


class Usage(argparse.ArgumentParser):
    """argparse that fails in one line with exit 64, as userlist's own usage errors do."""

    def error(self, message):
        raise JobFailure("%s (see 'userlist_spark.py --help')" % message, EX_USAGE)


def parse_arguments(argv):
    """Our options before `--`, userlist's after it."""
    if "--" in argv:
        cut = argv.index("--")
        ours, theirs = argv[:cut], argv[cut + 1:]
    else:
        ours, theirs = argv, []
    parser = Usage(
        prog="userlist_spark.py",
        description="Run userlist over INPUTs on Spark; the output equals one userlist run's.",
        epilog="Options after -- are userlist's (--search, --where, --sort, --page, -f, --fields, --summary, ...).",
    )
    parser.add_argument("--master", help="Spark master: local[4], yarn, spark://host:7077 (with spark-submit, leave it to spark-submit)")
    parser.add_argument("--userlist", required=True,
                        help="the userlist binary on the driver (a relative path is fine): the job ships it to every executor")
    parser.add_argument("--output", help="the output file, written on the driver; '-' (the default) is standard output")
    parser.add_argument("--output-dir", metavar="DIR",
                        help="write the output as ordered part files into DIR, any path Spark can write (file://, "
                             "hdfs://, s3a://; new or empty): part-00000.EXT ..., _summary.json, _SUCCESS")
    parser.add_argument("--env", action="append", default=[], metavar="NAME",
                        help="pass the driver's environment variable NAME to the stages (jq's $ENV, env); repeatable")
    parser.add_argument("--partitions", type=int,
                        help="partitions of the shuffle by id and of the sort (default: as many as the input has splits; "
                             "a page or a count: a quarter of that, at least one a core)")
    parser.add_argument("inputs", nargs="+", metavar="INPUT",
                        help="NDJSON files (.gz too), or directories or globs of them, read in the order given")
    args = parser.parse_args(ours)
    if args.partitions is not None and args.partitions < 1:
        parser.error("--partitions must be 1 or more, got %d" % args.partitions)
    if args.output_dir is not None and args.output is not None:
        parser.error("--output and --output-dir: give one")
    return args, theirs


# userlist's options, as its command line reads them (Sources/userlist/JQArguments.swift): jq's
# pairs take two values, these one; after --args / --jsonargs a word without a dash is a value.
JQ_PAIRS = ("--arg", "--argjson", "--rawfile", "--slurpfile")
TAKES_VALUE = ("--search", "--where", "--jq", "--jq-out", "--users-at", "--sort", "--page", "--page-size", "--limit",
               "-f", "--format", "--fields", "--color", "-o", "--output", "--rejects", "--max-rejects", "--summary",
               "--threads", "--jq-timeout")
# What only the merge stage does: write the output and the summary.
MERGE_ONLY = ("-o", "--output", "--summary")


def split_options(options):
    """userlist's options as (every stage's, the merge stage's own): `-o FILE`, `--output FILE`
    and `--summary FILE` (or `--summary=FILE`) go to merge only; everything else to every stage,
    in order. Values are never taken for options (`--arg x --summary` binds $x to "--summary")."""
    stages, merge = [], []
    index, positional = 0, False
    while index < len(options):
        word = options[index]
        if word == "--":
            stages += options[index:]
            break
        if word in JQ_PAIRS:
            stages += options[index:index + 3]
            index += 3
            continue
        if word in ("--args", "--jsonargs"):
            positional = True
        if positional and (not word.startswith("-") or word == "-"):
            stages.append(word)
        elif word in MERGE_ONLY or word.split("=", 1)[0] in MERGE_ONLY and "=" in word:
            taken = options[index:index + (1 if "=" in word else 2)]
            merge += taken
            index += len(taken)
            continue
        elif word in TAKES_VALUE:
            stages += options[index:index + 2]
            index += 2
            continue
        else:
            stages.append(word)
        index += 1
    return stages, merge


def run_quietly(command, **kwargs):
    """A command's result, or None when it can't be started at all."""
    try:
        return subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)
    except OSError:
        return None


def userlist_version(path, environment=None, shown=None):
    """`userlist --version` of the binary at path, or raise JobFailure naming what is wrong (as
    `shown`, the path as the user gave it)."""
    given, path = path, os.path.abspath(path)
    if shown is None:
        shown = given
    if not os.path.exists(path):
        raise JobFailure("--userlist %s: No such file or directory" % shown, EX_NOINPUT)
    if os.path.isdir(path) or not os.access(path, os.X_OK):
        raise JobFailure("--userlist %s: not an executable file" % shown, EX_NOINPUT)
    result = run_quietly([path, "--version"], env=environment)
    if result is None or result.returncode != 0:
        said = (result.stderr.decode("utf-8", "replace").strip().splitlines() or [""])[-1] if result else ""
        raise JobFailure("--userlist %s does not run: %s" % (
            shown, said or ("exit %d" % result.returncode if result else "it can't be started")), EX_NOINPUT)
    return result.stdout.decode("utf-8", "replace").strip()


def stage_environment(names):
    """The driver's part of the stages' environment (see DRIVER_ENVIRONMENT)."""
    return {name: os.environ[name] for name in DRIVER_ENVIRONMENT + tuple(names) if name in os.environ}


def node_environment(driver_part):
    """On an executor: the driver's part, and the node's own PATH, LD_LIBRARY_PATH and TMPDIR."""
    environment = {name: os.environ[name] for name in NODE_ENVIRONMENT if name in os.environ}
    environment.update(driver_part)
    return environment


def shipped_userlist(name):
    """On an executor: the path of the userlist the driver shipped (SparkContext.addFile)."""
    from pyspark import SparkFiles
    path = SparkFiles.get(name)
    if os.path.isfile(path) and not os.access(path, os.X_OK):
        os.chmod(path, 0o755)
    return path


def hidden(name):
    """Whether Spark's file sources skip a file of this name (as Hadoop's readers do): read_lines
    would read it as empty."""
    return name.startswith(("_", "."))


def hadoop_path(jvm, given):
    try:
        return jvm.org.apache.hadoop.fs.Path(given)
    except Exception as error:  # Py4JJavaError: "Relative path in absolute URI", ...
        raise JobFailure("%s: not a path Spark can read (%s)" % (given, java_message(error)), EX_NOINPUT)


def expand_inputs(sc, inputs):
    """Each INPUT as the files it names, in order: a path that exists is taken literally (a file,
    or a directory's files, sorted by path); only one that does not is read as a glob (`*?[{`),
    its matches sorted by path (as a shell sorts `exports/*.ndjson`). Names starting with _ or .
    (`_SUCCESS`) are left out of a directory or a glob; one of those named on its own is exit 66:
    Spark can't read it. A plain file keeps the name given, so messages name it as one run would.
    Every file is an input of its own: its lines are numbered from 1."""
    jvm = sc._jvm
    conf = sc._jsc.hadoopConfiguration()
    files = []
    for given in inputs:
        if plain_local_path(sc, given) and os.path.isfile(given):
            if hidden(os.path.basename(given)):
                raise JobFailure("%s: Spark reads no file whose name starts with _ or . "
                                 "(rename it, or link it under another name)" % given, EX_NOINPUT)
            files.append(given)
            continue
        path = hadoop_path(jvm, given)
        fs = path.getFileSystem(conf)
        if fs.exists(path):
            if not fs.getFileStatus(path).isDirectory():
                if hidden(path.getName()):
                    raise JobFailure("%s: Spark reads no file whose name starts with _ or . "
                                     "(rename it, or link it under another name)" % given, EX_NOINPUT)
                files.append(given)
                continue
            statuses = [fs.getFileStatus(path)]
        elif any(c in given for c in "*?[{"):
            statuses = fs.globStatus(path) or []
        else:
            statuses = []
        found = []
        for status in statuses:
            if status.isDirectory():
                for child in fs.listStatus(status.getPath()):
                    name = child.getPath().getName()
                    if child.isFile() and not hidden(name):
                        found.append(child.getPath().toString())
            elif not hidden(status.getPath().getName()):
                found.append(status.getPath().toString())
        if not found:
            raise JobFailure("userlist: %s: No such file or directory" % given, EX_NOINPUT) if not statuses else \
                JobFailure("%s: no file to read (names starting with _ or . are left out)" % given, EX_NOINPUT)
        files += sorted(found)
    return files


def read_frame(session, name):
    r"""A file's lines as a DataFrame of one column, each line's exact bytes, in order: a line ends
    at `\n` only, which is not part of it (one run's lines: the `\r` of a CRLF stays, JSON white
    space, and a lone `\r` ends no line). The name is a path, never a glob (`__globPaths__`):
    `a[1].ndjson` is that file.

    Not `sc.textFile`: its Hadoop reader also ends a line at a lone `\r`, and it hands lines over
    as Java strings, invalid UTF-8 already replaced by U+FFFD, so one run's error would vanish
    (even with use_unicode=False, which only skips Python's decoding of that string). Spark SQL's
    text source keeps each line's bytes; cast to binary, they reach Python as `bytes`, framed as
    textFile's strings are. One file's splits come in file order, one per partition."""
    return (session.get().read.option("lineSep", "\n").option("__globPaths__", "false").text(name)
            .selectExpr("CAST(value AS BINARY) AS value"))


def frame_lines(sc, frame):
    """A DataFrame of read_frame's as an RDD of bytes (one line each)."""
    from pyspark.rdd import RDD
    from pyspark.serializers import UTF8Deserializer
    binary = sc._jvm.org.apache.spark.sql.Encoders.BINARY()
    return RDD(getattr(frame._jdf, "as")(binary).javaRDD(), sc, UTF8Deserializer(use_unicode=False))


# A line's number the driver can't know without counting (see split_arguments), as the map stage
# takes it: Sources/UserListStages/StageLineMark.swift.
MARK_BASE, MARK_PER_SPLIT = 10 ** 17, 10 ** 11
# Global positions: a split's index in the high bits, the line's index in it in the low ones.
POSITION_BITS = 43
# A record's position in the stages: its line's position, then 20 bits of its index among the
# line's records (Sources/UserListStages/StagePosition.swift).
ITEM_BITS = 20


# The first bytes of the compressed files userlist reads (gzip, zstd, xz, lzma, bzip2), as one run
# tells them (Sources/UserListInput/Compression/CompressedStream.swift): such a file is one
# task, read whole by the map stage.
COMPRESSED_MAGICS = (b"\x1f\x8b", b"\x28\xb5\x2f\xfd", b"\xfd7zXZ\x00", b"\x5d\x00\x00", b"BZh")


class Split:
    """One map task: a byte range of a file the executors open by path (`stage map --range`,
    nothing of the file through Python), or one of Spark's splits of a file only Hadoop reads
    (hdfs://, s3a://: its lines through the Python worker, in bulk)."""

    def __init__(self, input, first, path=None, start=0, end=None, last=True):
        self.input = input    # the input's index
        self.first = first    # whether it starts at the input's first line
        self.last = last      # whether it ends the input (Spark's splits; a range knows itself)
        self.path = path      # None: one of Spark's splits
        self.start = start
        self.end = end        # None: to the file's end


def default_filesystem_is_local(sc):
    """Whether a path without a scheme is on the local filesystem (fs.defaultFS is file:), asked
    of the JVM once."""
    known = getattr(sc, "userlist_default_local", None)
    if known is None:
        conf = sc._jsc.hadoopConfiguration()
        known = sc._jvm.org.apache.hadoop.fs.FileSystem.getDefaultUri(conf).getScheme() in (None, "file")
        sc.userlist_default_local = known
    return known


def has_scheme(name):
    """Whether input `name` starts with a URI scheme (hdfs:, s3a:, file:), not a plain path."""
    return re.match(r"^\w+:", name) is not None


def plain_local_path(sc, name):
    """Whether input `name` is a plain path on the local default filesystem: Python looks at it
    itself (os.path follows a link as Hadoop's local filesystem does), without Hadoop's Path and
    FileSystem calls through the gateway (~80 for 8 files, ~0.1 s)."""
    return not has_scheme(name) and default_filesystem_is_local(sc)


def local_file(sc, name):
    """The path executors open for input `name` when it is on a local filesystem (a plain path, or
    file://; on a cluster, one every node sees at that path: a shared mount), else None (Hadoop
    reads it: hdfs://, s3a://, a path on such a default filesystem)."""
    if plain_local_path(sc, name):
        return os.path.abspath(name)
    path = hadoop_path(sc._jvm, name)
    fs = path.getFileSystem(sc._jsc.hadoopConfiguration())
    if fs.getUri().getScheme() != "file":
        return None
    return fs.makeQualified(path).toUri().getPath()


def compressed(path):
    """Whether the file starts as a compressed file userlist reads (False when it can't be read
    here: the map stage then says why, where it runs)."""
    try:
        with open(path, "rb") as file:
            head = file.read(6)
    except OSError:
        return False
    return head.startswith(COMPRESSED_MAGICS)


def spark_setting(sc, key, default):
    """One setting of the running context: a call to the JVM (sc.getConf() copies every setting
    over the gateway, ~40 ms each time)."""
    return sc._jsc.sc().conf().get(key, default)


def plan_splits(session, files):
    """Every input's map tasks, in input order (Split), and for the ones Spark reads, the RDD of
    each such file's lines by its index. Nothing is read or counted: a local file is cut into
    byte ranges by its size, as Spark SQL's file sources cut it (at most
    spark.sql.files.maxPartitionBytes, fewer bytes when that gives every core a split, no fewer
    than spark.sql.files.openCostInBytes), into ranges of equal size; a compressed one is one
    task, read whole; an empty one none. A range's lines are those that begin in it (the map
    stage finds the first and reads the last one whole)."""
    sc = session.sparkContext
    # Spark SQL's settings as its session would read them (a session costs seconds to make).
    sizes = sc._jvm.org.apache.spark.network.util.JavaUtils
    most = sizes.byteStringAsBytes(spark_setting(sc, "spark.sql.files.maxPartitionBytes", "128m"))
    open_cost = sizes.byteStringAsBytes(spark_setting(sc, "spark.sql.files.openCostInBytes", "4m"))
    slots = max(1, sc.defaultParallelism)
    splits, read_by_spark = [], {}
    # USERLIST_SPARK_READER=hadoop: every input through Spark's text source, as an hdfs:// one
    # (check.sh holds that path to one run's bytes on local files).
    hadoop_only = os.environ.get("USERLIST_SPARK_READER") == "hadoop"
    for index, name in enumerate(files):
        path = None if hadoop_only else local_file(sc, name)
        if path is None:
            lines = frame_lines(sc, read_frame(session, name))
            read_by_spark[index] = lines
            count = lines.getNumPartitions()
            splits += [Split(index, part == 0, last=part == count - 1) for part in range(count)]
            continue
        try:
            # Only a regular file is cut by its size (a named pipe's is 0, and it reads once).
            size = os.path.getsize(path) if os.path.isfile(path) else None
        except OSError:
            size = None  # not here: the map stage, where it runs, says whether it is there
        if size == 0:
            continue
        if size is None or compressed(path):
            splits.append(Split(index, True, path))
            continue
        cut = min(most, max(open_cost, (size + open_cost) // slots))
        count = -(-size // cut)
        step = -(-size // count)
        splits += [Split(index, start == 0, path, start, min(size, start + step)) for start in range(0, size, step)]
    if len(splits) >= 10 ** 6:
        raise JobFailure("the inputs make %d splits; at most 999999 (raise spark.sql.files.maxPartitionBytes)"
                         % len(splits), EX_USAGE)
    return splits, read_by_spark


def split_arguments(splits):
    """Each split's `--split INPUT:LINE:POSITION:MAX` (and `--range PATH:START:END`) for the map stage.

    POSITION sorts in input order without counting: the split's index among all splits above
    line_bits bits of the line's index in it. LINE is the split's first line's number in its
    input for an input's first split; in a later split the driver can't know it, so it gives a
    mark (MARK_BASE + split x MARK_PER_SPLIT + 1), the map stage reports the split's line count,
    and the merge writes each marked number in its messages as the line's number in its input,
    once every split has been counted. MAX: the lines a split may hold before its positions
    would reach the next split's (more is exit 65)."""
    line_bits = POSITION_BITS - max(1, len(splits).bit_length())
    limit = min(1 << line_bits, MARK_PER_SPLIT - 1)
    arguments = []
    for number, split in enumerate(splits):
        words = ["--split", "%d:%d:%d:%d" % (split.input, 1 if split.first else MARK_BASE + number * MARK_PER_SPLIT + 1,
                                              number << line_bits, limit)]
        if split.path is not None:
            words += ["--range", "%s:%d:%s" % (split.path, split.start, "" if split.end is None else split.end)]
        elif not split.last:
            words.append("--input-goes-on")  # a line cut short at its end is "cut off", as in one run
        arguments.append(words)
    return arguments


def map_outputs(sc, splits, read_by_spark, map_runner, destination):
    """The map stage over every split, as one RDD of (shuffle partition, frame) pairs whose
    partitions are the splits in order: byte ranges as tasks of their own (a parallelized list,
    one element a partition, the stage reading its file), Spark's splits of a file as its lines."""
    arguments = split_arguments(splits)
    parts, number = [], 0
    while number < len(splits):
        first = number
        if splits[number].path is None:
            lines = read_by_spark[splits[number].input]
            number += lines.getNumPartitions()
            run = map_runner(destination, lambda partition, a=arguments: a[partition], feed="lines")
            parts.append(lines.mapPartitionsWithIndex(lambda index, it, r=run, f=first: r(f + index, it)))
            continue
        while number < len(splits) and splits[number].path is not None:
            number += 1
        run = map_runner(destination, lambda partition, a=arguments: a[partition], feed=None)
        tasks = sc.parallelize(range(first, number), number - first)
        parts.append(tasks.mapPartitionsWithIndex(lambda index, it, r=run, f=first: r(f + index, it)))
    if not parts:
        return sc.parallelize([], 1)
    return parts[0] if len(parts) == 1 else sc.union(parts)


def stage_arguments(stage, names, options):
    return ["stage", stage] + [word for name in names for word in ("--input", name)] + options


def jq_files(options):
    """The files `--rawfile NAME FILE` and `--slurpfile NAME FILE` read, by their index in
    options: every stage process reads them, so they are shipped to the executors too."""
    found, index = {}, 0
    while index < len(options):
        if options[index] == "--":
            break
        if options[index] in JQ_PAIRS:
            if options[index] in ("--rawfile", "--slurpfile") and index + 2 < len(options):
                found[index + 2] = options[index + 2]
            index += 3
        else:
            index += 2 if options[index] in TAKES_VALUE else 1
    return found


def executor_options(options, shipped):
    """On an executor: options with each jq file's path replaced by its shipped copy's."""
    if not shipped:
        return options
    from pyspark import SparkFiles
    return [SparkFiles.get(shipped[i]) if i in shipped else word for i, word in enumerate(options)]


def keep_import_caches():
    """In a Python worker, before a task's own work: PySpark calls importlib.invalidate_caches()
    before every task, and Python 3.11's zipimporter answers by reading pyspark.zip's directory
    again (3 MB) once for every package of it imported: py-spy found 26 s of the Python workers'
    45 s of CPU there in a 5M-user export. The zip files do not change while a job runs, so a
    worker keeps what it read (each worker process pays once, for its first task)."""
    import zipimport
    zipimport.zipimporter.invalidate_caches = lambda self: None


def stage_runner(binary, driver_version, stage, names, options, environment, shipped=None, chunks=None, feed="lines",
                 frames=None, extra_for=None, blocks=False):
    """A function for mapPartitionsWithIndex that pipes a partition through `userlist stage
    STAGE` on the executor, as RDD.pipe does, but with the shipped binary, only the environment
    userlist needs, and a failure that reaches the driver as one line: the stage's own last
    `userlist:` line (or the signal that killed it) and its exit code.

    What goes in (`feed`): "lines", each element a line (str or bytes), written 8,192 lines at a
    time; "blobs", each element bytes of whole lines, written as they are; None, nothing (the
    map stage with --range reads its file itself; the partition's elements are not read). What comes out: each
    output line as a str; with `chunks` (a separator byte), pieces of up to 1 MiB that each end
    just before a separator, the separator left out (a part file's body for Spark's text writer,
    which writes it back after each piece; the output must end with one); with `frames` (a
    function of the partition and a bucket), the map stage's `--buckets` frames as (frames(partition,
    bucket), bytes) pairs for the shuffle; with `blocks` "raw", the output's bytes as they come
    (a compressed run after its counts lines); with `blocks`, bytes of up to ~1 MiB of whole lines,
    each line's end kept (a full export's partial lines: no per-line work in Python).
    `extra_for(partition)`: arguments of that partition's process (the map stage's --split).
    The binary is checked first, once a worker (checked_userlist)."""
    def run(partition, lines):
        keep_import_caches()
        import socket
        path = checked_userlist(binary, driver_version, environment)
        arguments = stage_arguments(stage, names, executor_options(options, shipped or {}))
        if extra_for is not None:
            arguments += extra_for(partition)
        process = subprocess.Popen([path] + arguments, stdin=subprocess.PIPE if feed else subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=node_environment(environment))
        upstream = []  # an error reading this partition's input, raised on this thread at the end
        said = []      # the stage's `userlist:` lines: its failure, if it fails

        def write_all():
            write = process.stdin.write
            if feed == "blobs":
                for blob in lines:
                    write(blob)
                return
            from itertools import islice
            source = iter(lines)
            while True:
                chunk = list(islice(source, 8192))
                if not chunk:
                    break
                if not isinstance(chunk[0], bytes):
                    chunk = [line.encode("utf-8") for line in chunk]
                write(b"\n".join(chunk))
                write(b"\n")

        def feed_stage():
            try:
                write_all()
            except BrokenPipeError:
                pass  # the stage stopped; its exit code says why
            except BaseException as error:  # reading the input failed: the task fails with it
                upstream.append(error)
                process.kill()
            finally:
                try:
                    process.stdin.close()
                except BrokenPipeError:
                    pass

        def relay():
            # jq's debug and stderr lines go on to the executor's standard error as they come.
            for line in process.stderr:
                if line.startswith(b"userlist:"):
                    said.append(line)
                else:
                    sys.stderr.buffer.write(line)
                    sys.stderr.flush()

        threads = [threading.Thread(target=relay, daemon=True)]
        if feed:
            threads.append(threading.Thread(target=feed_stage, daemon=True))
        for thread in threads:
            thread.start()
        unterminated = False
        if frames is not None:
            out = process.stdout
            while True:
                header = out.readline()
                if not header:
                    break
                try:
                    bucket, length = header.split(b"\t")
                    bucket, length = int(bucket), int(length)
                except ValueError:
                    unterminated = True  # not a frame: the exit code, or the check below, says why
                    break
                blob = out.read(length)
                if len(blob) != length:
                    unterminated = True
                    break
                yield frames(partition, bucket), blob
        elif blocks == "raw":
            while True:
                piece = process.stdout.read1(1 << 20)
                if not piece:
                    break
                yield piece
        elif blocks:
            rest = []
            for piece in separated(process.stdout, b"\n", rest):
                yield piece + b"\n"
            unterminated = bool(rest[0])
        elif chunks is None:
            for line in process.stdout:
                yield line[:-1].decode("utf-8") if line.endswith(b"\n") else line.decode("utf-8")
        else:
            rest = []
            for piece in separated(process.stdout, chunks, rest):
                yield piece.decode("utf-8")
            unterminated = bool(rest[0])
        if unterminated and frames is not None:
            process.stdout.read()  # let the stage finish writing, so its exit code is its own
        code = process.wait()
        for thread in threads:
            thread.join()
        if upstream:
            raise upstream[0]
        if code != 0:
            if code < 0:
                try:
                    name = signal.Signals(-code).name
                except ValueError:
                    name = "signal %d" % -code
                message = "userlist stage %s was killed by %s (signal %d) in partition %d on %s" % (
                    stage, name, -code, partition, socket.gethostname())
                exit_code = 128 - code
            else:
                last = said[-1].decode("utf-8", "replace").strip() if said else ""
                message = last or "userlist stage %s failed with exit %d in partition %d on %s" % (
                    stage, code, partition, socket.gethostname())
                exit_code = code
            raise RuntimeError("%s%s" % (FAILURE_MARKER, json.dumps({"message": message, "code": exit_code})))
        if unterminated:
            raise RuntimeError("%s%s" % (FAILURE_MARKER, json.dumps({
                "message": "userlist stage %s: partition %d's output does not end with %s" % (
                    stage, partition, "a whole frame" if frames is not None else repr(b"\n" if blocks else chunks)),
                "code": EX_SOFTWARE})))
        for line in said:
            sys.stderr.buffer.write(line)
        sys.stderr.flush()

    return run


def separated(stream, separator, rest):
    """Reads `stream` 1 MiB at a time and yields what comes before the last `separator` of what
    it holds (that separator left out); `rest` (a list) gets what is left after the last one."""
    left = b""
    while True:
        data = stream.read1(1 << 20)
        if not data:
            break
        data = left + data
        cut = data.rfind(separator)
        if cut < 0:
            left = data
            continue
        yield data[:cut]
        left = data[cut + 1:]
    rest.append(left)


def checked_userlists():
    """On an executor: the shipped userlists this Python worker process has checked (by name).
    Kept on the `sys` module: this script runs as `__main__`, whose functions cloudpickle ships
    by value with the globals they use, so a global dict here was a new, empty one in every task
    (each task ran `userlist --version` again, 10-15 ms)."""
    return sys.__dict__.setdefault("userlist_spark_checked", {})


def checked_userlist(binary, driver_version, environment):
    """On an executor, before a task's stage starts: the shipped userlist's path, once this
    worker has run its `userlist --version` and found the driver's version; else the task fails
    with the one line the job ends with (a missing binary, one that doesn't run, another
    version), before any of its work. Asked in every task, not in a job of its own first: that
    job cost ~1-1.5 s of every run (it started PySpark's Python workers, which the map's first
    tasks start anyway)."""
    checked = checked_userlists()
    if binary in checked:
        return checked[binary]
    import socket
    host = socket.gethostname()

    def fail(message, code):
        raise RuntimeError("%s%s" % (FAILURE_MARKER, json.dumps({"message": message, "code": code})))

    try:
        path = shipped_userlist(binary)
    except Exception as error:
        fail("the shipped userlist is missing on executor %s (%s)" % (host, error), EX_NOINPUT)
    if not os.path.isfile(path):
        fail("the shipped userlist is missing on executor %s (%s)" % (host, path), EX_NOINPUT)
    result = run_quietly([path, "--version"], env=node_environment(environment))
    if result is None:
        fail("the shipped userlist does not run on executor %s: it can't be started" % host, EX_NOINPUT)
    if result.returncode != 0:
        said = result.stderr.decode("utf-8", "replace").strip().splitlines()
        fail("the shipped userlist does not run on executor %s: %s" % (host, said[-1] if said else "exit %d" % result.returncode),
             EX_NOINPUT)
    version = result.stdout.decode("utf-8", "replace").strip()
    if version != driver_version:
        fail("userlist on executor %s is version %s, the driver's is %s: ship the driver's (--userlist)" % (
            host, version, driver_version), EX_USAGE)
    checked[binary] = path
    return path


def java_message(error):
    """The first line of what an exception says, without Py4J's and Java's framing."""
    text = str(getattr(error, "java_exception", None) or error).strip()
    return (text.splitlines() or [""])[0]


# The inputs' names as given, by their paths as Spark names them (`file:///x.gz` is `x.gz`).
GIVEN_NAMES = {}


def plain_path(name):
    return re.sub(r"^file:/+", "/", name)


def given_name(spark_name):
    """The name as given of a file Spark names by its URL (`file:///a,%5B1%5D.gz`)."""
    from urllib.parse import unquote
    return GIVEN_NAMES.get(plain_path(unquote(spark_name)), GIVEN_NAMES.get(plain_path(spark_name), unquote(spark_name)))


def job_failure(error):
    """Spark's exception (Py4JJavaError, with the executors' errors as text) as one JobFailure."""
    text = str(error)
    found = re.search(re.escape(FAILURE_MARKER) + r"(\{.*?\})(?:\s|$)", text)
    if found:
        failure = json.loads(found.group(1))
        return JobFailure(failure["message"], failure["code"])
    # A file that can't be read: Spark SQL names it (FAILED_READ_FILE); say why as one run would.
    read = re.search(r"Encountered error while reading file (\S+?)\.?\s+SQLSTATE", text) or \
        re.search(r"Encountered error while reading file (\S+?)\.\s", text)
    if read:
        name = given_name(read.group(1))
        if re.search(r"EOFException|Unexpected end of (input|ZLIB input) stream", text):
            return JobFailure("userlist: %s: gzip: the compressed data ends early (truncated file?)" % name, EX_DATAERR)
        if "FileNotFoundException" in text:
            return JobFailure("userlist: %s: No such file or directory" % name, EX_NOINPUT)
        cause = re.search(r"Caused by: ([\w.$]+(?:Exception|Error)[^\n]*)", text)
        return JobFailure("userlist: %s: can't be read (%s)" % (name, cause.group(1) if cause else "Spark"), EX_DATAERR)
    if "OutOfMemoryError" in text or "Java heap space" in text:
        return JobFailure("Spark ran out of memory (java.lang.OutOfMemoryError): give its JVMs more "
                          "(spark.driver.memory, spark.executor.memory) or the job more partitions (--partitions)",
                          EX_SOFTWARE)
    if jvm_gone(error):
        return JobFailure("Spark's JVM stopped during the job (out of memory, or killed): %s" % java_message(error),
                          EX_SOFTWARE)
    if "Python worker exited unexpectedly" in text:
        return JobFailure("a Python worker running a stage died (killed, or out of memory); Spark gave up", EX_SOFTWARE)
    lost = re.search(r"(Job aborted due to stage failure: [^\n]*?)(?: Most recent failure|\n|$)", text)
    return JobFailure("Spark failed: %s" % (lost.group(1) if lost else java_message(error)), EX_SOFTWARE)


def jvm_gone(error):
    """Whether the error is the driver losing its JVM (Py4J's connection), not a failed job."""
    try:
        from py4j.protocol import Py4JNetworkError
    except ImportError:  # pragma: no cover - PySpark brings Py4J
        Py4JNetworkError = ()
    return isinstance(error, (ConnectionError, EOFError) + ((Py4JNetworkError,) if Py4JNetworkError else ())) or \
        "Answer from Java side is empty" in str(error) or "Error while sending or receiving" in str(error)


class Timings:
    """USERLIST_SPARK_TIMINGS=1: where the job's time went, on standard error at the end: the
    driver's steps (one line, from its own clock); the job's wall time cut into start-up (until
    the context is up), planning (the options checked, the binary shipped), the map (the stages that end
    in the shuffle by id), the stages after it (partial, combine or sort, part files) and the
    driver alone (merge, gaps between jobs); then Spark's own timings of every stage, from its
    status store (what the web UI shows), read through the JVM gateway before the context stops."""

    def __init__(self, started=None):
        self.enabled = os.environ.get("USERLIST_SPARK_TIMINGS") == "1"
        self.started = started or time.time()
        self.last = time.time()
        self.parts = []
        self.spark_up = None
        self.checked = None
        self.stages = None

    def mark(self, what):
        now = time.time()
        self.parts.append("%.1f s %s" % (now - self.last, what))
        self.last = now
        if self.spark_up is None and what == "starting Spark":
            self.spark_up = now
        if self.checked is None and what.startswith("planning"):
            self.checked = now

    def read_stages(self, sc):
        """Spark's record of every stage so far, from its status store through the JVM gateway
        (what the web UI's REST API serves: asking that took ~1 s of every run, the first request
        starting its servlets; this takes ~20 ms); a few tries while the last stage's end is still
        on its way through the listener bus."""
        if not self.enabled:
            return
        for _ in range(30):
            try:
                stages = self._stored_stages(sc)
            except Exception as error:
                self.stages = "no stage timings: %s" % java_message(error)
                return
            self.stages = stages
            if not any(stage.get("status") == "ACTIVE" for stage in stages):
                return
            time.sleep(0.1)

    @staticmethod
    def _stored_stages(sc):
        """Every stage in Spark's status store (AppStatusStore.stageList), as the REST API's
        fields; the times in epoch milliseconds."""
        store = sc._jsc.sc().statusStore()
        listed = store.stageList(None, False, False, sc._gateway.new_array(sc._jvm.double, 0), sc._jvm.java.util.ArrayList())
        stages, found = [], listed.iterator()
        while found.hasNext():
            stage = found.next()
            entry = {"stageId": stage.stageId(), "attemptId": stage.attemptId(), "status": stage.status().toString(),
                     "name": stage.name(), "numTasks": stage.numTasks(), "executorRunTime": stage.executorRunTime(),
                     "executorCpuTime": stage.executorCpuTime(), "jvmGcTime": stage.jvmGcTime(),
                     "inputBytes": stage.inputBytes(), "shuffleReadBytes": stage.shuffleReadBytes(),
                     "shuffleWriteBytes": stage.shuffleWriteBytes(), "diskBytesSpilled": stage.diskBytesSpilled()}
            for key, value in (("submissionTime", stage.submissionTime()), ("completionTime", stage.completionTime())):
                if value.isDefined():
                    entry[key] = value.get().getTime()
            stages.append(entry)
        return stages

    @staticmethod
    def _instant(milliseconds):
        return milliseconds / 1000.0

    @staticmethod
    def _covered(spans):
        """Seconds covered by the union of (start, end) spans."""
        total, reach = 0.0, None
        for start, end in sorted(spans):
            if reach is None or start > reach:
                total += end - start
                reach = end
            elif end > reach:
                total += end - reach
                reach = end
        return total

    def stage_lines(self, ended):
        if isinstance(self.stages, str):
            return [self.stages]
        if not self.stages:
            return []
        megabytes = lambda n: "%.0f MB" % (n / 1e6)
        map_spans, later_spans = [], []
        checked = self.checked or self.spark_up or self.started
        # Consecutive stages of one name (toLocalIterator's, one per partition) make one line.
        groups = []
        for stage in sorted(self.stages, key=lambda stage: (stage["stageId"], stage.get("attemptId", 0))):
            if "submissionTime" not in stage or "completionTime" not in stage:
                continue  # skipped: its shuffle output was there already
            span = (self._instant(stage["submissionTime"]), self._instant(stage["completionTime"]))
            # The map: the first stage that ends in a shuffle (read, stage map, the shuffle's
            # write: partitionBy's map side); a later stage's input bytes are cached partitions.
            if not map_spans and stage.get("name", "").startswith(("partitionBy", "reduceByKey")):
                map_spans.append(span)
            elif span[0] >= checked:  # not planning's (listing hdfs:// inputs)
                later_spans.append(span)
            name = re.sub(r" at \S*/", " at ", stage.get("name", "?"))
            if stage["status"] != "COMPLETE":
                name += " (%s)" % stage["status"].lower()
            if groups and groups[-1]["name"] == name:
                group = groups[-1]
            else:
                group = {"name": name, "ids": [], "spans": []}
                groups.append(group)
            group["ids"].append(stage["stageId"])
            group["spans"].append(span)
            for key in ("numTasks", "executorRunTime", "executorCpuTime", "jvmGcTime", "inputBytes", "shuffleReadBytes",
                        "shuffleWriteBytes", "diskBytesSpilled"):
                group[key] = group.get(key, 0) + stage.get(key, 0)
        lines = []
        for group in groups:
            moved = []
            for key, what in (("inputBytes", "read"), ("shuffleReadBytes", "shuffle read"),
                              ("shuffleWriteBytes", "shuffle write"), ("diskBytesSpilled", "spilled")):
                if group[key]:
                    moved.append("%s %s" % (what, megabytes(group[key])))
            ids = group["ids"]
            lines.append("  %s %s: %.1f s, %d tasks %.1f s (JVM CPU %.1f s, GC %.1f s)%s" % (
                "stage %d" % ids[0] if len(ids) == 1 else "%d stages %d-%d" % (len(ids), ids[0], ids[-1]), group["name"],
                self._covered(group["spans"]), group["numTasks"], group["executorRunTime"] / 1000,
                group["executorCpuTime"] / 1e9, group["jvmGcTime"] / 1000, ", " + ", ".join(moved) if moved else ""))
        up = self.spark_up or self.started
        whole = ended - self.started
        in_map = self._covered(map_spans)
        in_stages = self._covered(map_spans + later_spans)
        summary = ("where the %.1f s went: %.1f s start-up (Python, the JVM, the context), %.1f s planning, "
                   "%.1f s map (the stages that read the input: read, number, stage map, "
                   "the shuffle's write), %.1f s after the map (shuffle reads, partial, combine or sort, part files), "
                   "%.1f s the driver alone (merge, the gaps between jobs)") % (
            whole, up - self.started, checked - up, in_map, in_stages - in_map, whole - (checked - self.started) - in_stages)
        return [summary, "Spark's stages (wall; the tasks' time summed over the cores, with the Python workers and "
                "userlist's processes, but JVM CPU only the JVM's):"] + lines

    def report(self):
        if self.enabled:
            STDERR.write("userlist_spark.py: " + ", ".join(self.parts) + "\n")
            for line in self.stage_lines(time.time()):
                STDERR.write("userlist_spark.py: " + line + "\n")


class StandardError:
    """The job's standard error: userlist's lines (merge's, plan's, the one-line failure) go to
    the real one; the JVM's, which carry the Python workers' and the executors' standard error in
    local mode, go through a filter that drops Python tracebacks and Java stack frames (a worker
    that loses its task prints one when Spark closes its socket) and passes every other line
    (jq's debug and stderr output, a warning of Spark's own)."""

    # Written into the pipe by finish: the filter has passed on everything before it once it reads it.
    END = b"\0userlist_spark.py: end of standard error\n"
    # Written by stopping, before sc.stop(): what the JVM says after it is dropped.
    STOPPING = b"\0userlist_spark.py: Spark stops\n"

    def __init__(self):
        self.fd = os.dup(2)
        self.thread = None
        self.ended = threading.Event()
        self.muted = False

    def filter_children(self):
        read, write = os.pipe()
        os.dup2(write, 2)  # what Spark's JVM, started after this, inherits
        os.close(write)
        self.thread = threading.Thread(target=self._filter, args=(read,), daemon=True)
        self.thread.start()

    def _filter(self, read):
        skipping = False
        with os.fdopen(read, "rb") as lines:
            for line in lines:
                # A marker of finish or stopping ends its line (after what the JVM left unended).
                marker = next((mark for mark in (self.END, self.STOPPING) if line.endswith(mark)), None)
                if marker is not None:
                    line = line[:-len(marker)]
                    if marker is self.END:
                        self.ended.set()
                muted, self.muted = self.muted, self.muted or marker is self.STOPPING
                if muted or not line:
                    continue
                if marker is not None:
                    line += b"\n"
                if line.startswith(b"Traceback (most recent call last):"):
                    skipping = True
                    continue
                if skipping:
                    # The frames are indented; the exception's own line ends the traceback.
                    skipping = line[:1] in (b" ", b"\t")
                    continue
                if line.startswith((b"\tat ", b"\t... ", b"Caused by: ", b"\tSuppressed: ")):
                    continue
                # A JVM out of memory says so in its own words too; the job's one line says it.
                if line.startswith((b"Exception in thread ", b"java.lang.OutOfMemoryError")) or \
                        b" ERROR SparkUncaughtExceptionHandler: " in line:
                    continue
                # Java 17 says so at every start of Spark 4's JVM (it loads the vector API).
                if line.startswith(b"WARNING: Using incubator modules: "):
                    continue
                os.write(self.fd, line)

    def write(self, text):
        os.write(self.fd, text.encode("utf-8", "replace"))

    def _mark(self, marker):
        """Writes `marker` into the filter's pipe, behind what the JVM wrote before it; False
        when there is no filter or the pipe is gone."""
        if self.thread is None:
            return False
        try:
            os.write(2, marker)
        except OSError:
            return False
        return True

    def stopping(self):
        """From here on (the context stopping: the job's answer or its failure is known) the JVM's
        lines are dropped: a task still running when a failed job's context stopped had Spark log
        `ERROR TaskSchedulerImpl: Exception in statusUpdate` and a RejectedExecutionException
        beside the job's one line. What it wrote before is passed on as before."""
        self._mark(self.STOPPING)

    def finish(self):
        """Lets the filter pass on what the JVM wrote last: what is in the pipe before a line of
        its own (the JVM still has it open: waiting for the pipe's end was 0.3 s of every job
        after its output was written), at most 0.3 s."""
        if self._mark(self.END):
            self.ended.wait(timeout=0.3)


STDERR = StandardError()


def start_spark(master, early=None):
    # The workers run this Python (a virtual environment's, with PySpark); a relative path
    # would be looked up in each executor's own directory.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    if "/" in os.environ["PYSPARK_PYTHON"]:
        os.environ["PYSPARK_PYTHON"] = os.path.abspath(os.environ["PYSPARK_PYTHON"])
    from pyspark import SparkConf, SparkContext
    from userlist_spark_local import LocalStart

    # Py4J logs a lost connection to the JVM (one that died out of memory) with a traceback;
    # the job says it in one line (job_failure).
    import logging
    logging.getLogger("py4j").setLevel(logging.CRITICAL)
    conf = SparkConf().setAppName("userlist")
    if master:
        conf.setMaster(master)
    conf.set("spark.ui.showConsoleProgress", "false")
    # One JVM, the driver and every executor, started for this job: see userlist_spark_local.py.
    local = LocalStart(conf, early=early) if (master or conf.get("spark.master", "")).startswith("local") else None
    if local is not None:
        local.apply(conf)
    # Spark's own messages at ERROR only, and not the executors' task failures, which the job
    # reports itself in one line (log4j2.properties beside this file), unless the cluster has a
    # configuration of its own: standard error is then userlist's, as in one run.
    os.environ.setdefault("SPARK_CONF_DIR", os.path.dirname(os.path.abspath(__file__)))
    # Python's tracebacks of a failed task stay in the executors' logs; the driver gets the last line.
    conf.set("spark.sql.execution.pyspark.udf.simplifiedTraceback.enabled", "true")
    with fine_gateway_polling(), (local.launching() if local is not None else contextlib.nullcontext()):
        sc = SparkContext(conf=conf)
    if local is not None:
        local.remember_launch()
    sc.setLogLevel("ERROR")
    sc.userlist_local_start = local
    return sc, Session(sc)


class FineTime:
    """The time module but for its sleep, which waits at most 5 ms: PySpark's launch_gateway looks
    for the JVM's port file every 0.1 s (time.sleep(0.1) between looks), so a job waited ~50 ms on
    average after the JVM was ready. Swapped in while the context starts (fine_gateway_polling)."""

    def __getattr__(self, name):
        return getattr(time, name)

    @staticmethod
    def sleep(seconds):
        time.sleep(min(seconds, 0.005))


def fine_gateway_polling():
    import pyspark.java_gateway as launcher
    from userlist_spark_local import swapped
    return swapped(launcher, "time", lambda original: FineTime() if original is time else None)


class Session:
    """Spark SQL's session, made the first time it is needed: for the text source that keeps a
    line's bytes (hdfs://, s3a:// inputs) and the text writer of part files. Making it took
    3.2 s of the job's start-up on this machine (of ~8 s), for queries over local files with
    --output that never use it."""

    def __init__(self, sc):
        self.sparkContext = sc
        self._session = None

    def get(self):
        if self._session is None:
            from pyspark.sql import SparkSession
            self._session = SparkSession(self.sparkContext)
        return self._session


def stop_spark(sc, timings):
    """Reads the stage timings and stops the context; after a JVM that died (out of memory) both
    fail, and that must not hide the job's own failure or print a warning of PySpark's."""
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            timings.read_stages(sc)
        except Exception:
            pass
        # PySpark's accumulator server polls its connection once a second and sc.stop() waits
        # for that poll to end: 0.9 s of every job here, after its output was written. Flagged,
        # it ends at its next poll, in a daemon thread the process does not wait for.
        server = getattr(sc, "_accumulatorServer", None)
        if server is not None:
            server.server_shutdown = True
            sc._accumulatorServer = None
        STDERR.stopping()
        try:
            sc.stop()
        except Exception:
            pass
        if getattr(sc, "userlist_local_start", None) is not None:
            sc.userlist_local_start.finish(sc)


def ship(sc, path):
    """Ships the driver's userlist to every executor, once; returns the name it has there. A file
    of that name already shipped (spark-submit --files) must be the same file."""
    name = os.path.basename(path)
    shipped = list(getattr(sc, "listFiles", []))
    if any(f.rstrip("/").rsplit("/", 1)[-1] == name for f in shipped):
        return name  # the version check says whether it is the driver's
    sc.addFile(path)
    return name


# The most candidate lines the driver takes from the partitions at once (a page's page × page
# size and a counts line from each): below it there is no tree. At 16 partitions and page 3 of
# 20, the tree's two levels of combine were two more stages of Python workers and processes
# (~0.4 s) for 976 lines; 100,000 lines of users are ~30 MB on the driver.
DIRECT_GATHER_LINES = 100000


def tree_combine(lines, combine, candidates=None):
    """A paged query's or a count's partial lines, gathered in a tree as RDD.treeReduce does:
    partitions are grouped √N at a time (a small shuffle of their candidates) and each group
    goes through `userlist stage merge --part combine` (`combine`, a stage_runner), until the
    partitions left hold at most DIRECT_GATHER_LINES lines in all (each at most `candidates` and
    its counts line: the plan's; None: unbounded, down to one partition), which reach the
    driver. 7,500 partitions take two levels (87 groups, then 1)."""
    import math
    count = lines.getNumPartitions()
    fan_in = max(2, math.ceil(math.sqrt(count)))
    while count > 1 and (candidates is None or count * (candidates + 1) > DIRECT_GATHER_LINES):
        groups = -(-count // fan_in)
        lines = (lines.mapPartitionsWithIndex(lambda index, it, f=fan_in: ((index // f, line) for line in it))
                 .partitionBy(groups, lambda group: group).values()
                 .mapPartitionsWithIndex(combine))
        count = groups
    return lines.collect()


class HadoopFiles:
    """The driver's hands on a Hadoop filesystem path (file://, hdfs://, s3a://, or a path on
    the default filesystem): what the part files need besides Spark's writer."""

    def __init__(self, sc, given):
        self.jvm = sc._jvm
        self.root = hadoop_path(self.jvm, given)
        self.fs = self.root.getFileSystem(sc._jsc.hadoopConfiguration())
        self.given = given

    def path(self, name):
        return self.jvm.org.apache.hadoop.fs.Path(self.root, name)

    def write(self, name, data):
        stream = self.fs.create(self.path(name), True)
        try:
            if data:
                stream.write(bytearray(data))
        finally:
            stream.close()


class PartFiles:
    """`--output-dir DIR`: the output as ordered part files, so that a full export never passes
    through the driver: `part-00000.EXT` holds what comes before the first row (csv and tsv's
    header, json's opening; empty for ndjson and --no-header), `part-00001.EXT` … the rows in
    order as the executors wrote them (Spark's text writer, one file per sorted partition that
    holds rows), and for json a last part with the last row and the closing `]}`: `cat part-*`
    is one run's output, byte for byte. Beside them `_summary.json` (--summary's JSON) and, last,
    `_SUCCESS`. DIR must be new or empty; a job that fails removes what it wrote."""

    def __init__(self, sc, given, extension):
        self.files = HadoopFiles(sc, given)
        self.extension = extension
        self.created = False
        fs, root = self.files.fs, self.files.root
        if fs.exists(root):
            if not fs.getFileStatus(root).isDirectory():
                raise JobFailure("--output-dir %s: a file, not a directory" % given, EX_CANTCREAT)
            if len(fs.listStatus(root)) > 0:
                raise JobFailure("--output-dir %s: not empty (the job writes a new directory of part files; "
                                 "remove it or name another)" % given, EX_CANTCREAT)
        else:
            try:
                created = fs.mkdirs(root)
            except Exception as error:
                raise JobFailure("--output-dir %s: can't be created (%s)" % (given, java_message(error)), EX_CANTCREAT)
            if not created:
                raise JobFailure("--output-dir %s: can't be created" % given, EX_CANTCREAT)
            self.created = True
        self.next = 0

    def rows_dir(self):
        """Where Spark's text writer puts the executors' files before they are renamed in order."""
        return self.files.path("_rows").toString()

    def name(self, number):
        return "part-%05d.%s" % (number, self.extension)

    def add(self, data):
        """The next part, written by the driver (a few bytes: the header, a page, json's end)."""
        self.files.write(self.name(self.next), data)
        self.next += 1

    def adopt_rows(self):
        """The executors' files as the next parts, in partition order (empty ones left out)."""
        fs = self.files.fs
        written = self.files.path("_rows")
        if not fs.exists(written):
            return  # no rows, no files
        statuses = [status for status in fs.listStatus(written)
                    if status.getPath().getName().startswith("part-") and status.getLen() > 0]
        moves = []
        for status in sorted(statuses, key=lambda status: status.getPath().getName()):
            moves.append((status.getPath(), self.files.path(self.name(self.next))))
            self.next += 1

        def move(paths):
            return fs.rename(paths[0], paths[1]) or paths[0].toString()

        # 16 at a time: a rename is a metadata operation on HDFS, but a copy on S3.
        from concurrent.futures import ThreadPoolExecutor
        with ThreadPoolExecutor(max_workers=16) as pool:
            failed = [result for result in pool.map(move, moves) if result is not True]
        if failed:
            raise JobFailure("--output-dir %s: can't rename %s" % (self.files.given, failed[0]), EX_IOERR)
        fs.delete(written, True)

    def finish(self, summary):
        self.files.write("_summary.json", summary)
        self.files.write("_SUCCESS", b"")

    def abandon(self):
        """After a failure: nothing of this job's stays (DIR too, when the job made it)."""
        fs, root = self.files.fs, self.files.root
        try:
            if self.created:
                fs.delete(root, True)
            else:
                for status in fs.listStatus(root):
                    fs.delete(status.getPath(), True)
        except Exception:
            pass


def option_value(options, name):
    """The value of userlist's option `name` (`--rejects FILE` or `--rejects=FILE`), or None."""
    index = 0
    while index < len(options):
        word = options[index]
        if word == "--":
            break
        if word.startswith(name + "="):
            return word.split("=", 1)[1]
        if word == name and index + 1 < len(options):
            return options[index + 1]
        if word in JQ_PAIRS:
            index += 3
        else:
            index += 2 if word in TAKES_VALUE else 1
    return None


def without_options(options, names):
    """userlist's options without the options `names` and their values (`--rejects FILE`,
    `--rejects=FILE`)."""
    if not names:
        return options
    kept, index = [], 0
    while index < len(options):
        word = options[index]
        if word == "--":
            return kept + options[index:]
        if word.split("=", 1)[0] in names and word.startswith("--"):
            index += 1 if "=" in word else 2
            continue
        step = 3 if word in JQ_PAIRS else 2 if word in TAKES_VALUE else 1
        kept += options[index:index + step]
        index += step
    return kept


def rejects_file(options):
    """`--rejects FILE` among userlist's options, or None."""
    return option_value(options, "--rejects")


def max_rejects(options):
    """`--max-rejects N` among userlist's options, or None (plan has checked it is a number)."""
    value = option_value(options, "--max-rejects")
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


class Shuffle:
    """The map stage over every split and the shuffle of its output, in blocks.

    `userlist stage map --split … --buckets N` reads a split's raw lines (written 8,192 at a
    time: no line is numbered or escaped in Python) and writes its lines framed by the
    partition they go to (users by a hash of their id into the N users' partitions, its counts
    into partition 0); the shuffle (partitionBy on that number) moves those frames — a few blocks
    of up to 1 MiB per (map partition, partition), not a pickled pair per user — and
    `userlist stage partial --dedupe` keeps each id's smallest position: the first occurrence wins.

    `--rejects FILE` or `--max-rejects N`: the map stage also writes each rejected record as
    `#POSITION⇥POSITION⇥LINE` (LINE one run's rejects line), in frames of their own; those go
    through the same shuffle into partitions after the users' (buckets, one per 64 map
    partitions, by the map partition a reject came from, so position ranges in order); partial
    never sees them. Once the shuffle is done, the driver fetches one bucket at a time (a job of
    one partition: only that bucket's shuffle blocks are read), sorted by position on its
    executor, into a local file, and `userlist stage merge --reject-lines FILE` writes them as
    one run's rejects file (line numbers resolved, atomically, kept on exit 65) and counts them
    against N (past N, exit 65 naming the reject one too many, before any output is written).
    The driver holds one bucket at a time; the file holds them all — or, for `--max-rejects N`
    without a file, the first N + 1 only: no more can change the answer."""

    def __init__(self, sc, map_partitions, partitions, map_outputs, keeps_rejects=False, limit=None):
        import tempfile
        self.sc = sc
        self.partitions = partitions
        # One bucket per 64 map partitions (8 GiB of input in 128 MiB splits): a small job's
        # rejects are one fetch, and at 1% rejects a bucket is ~80 MB on the driver.
        self.buckets = max(1, min(map_partitions, map_partitions // 64 + 1)) if keeps_rejects else 0
        buckets = self.buckets

        def destination(partition, bucket):
            if bucket < partitions:
                return bucket
            return partitions + min(buckets - 1, partition * buckets // max(1, map_partitions))

        # `--buckets N`: the map stage frames its lines by the partition they go to.
        mapped = map_outputs(destination)
        self.shuffled = mapped.partitionBy(partitions + buckets, lambda partition: partition)
        self.users = self.shuffled.values()
        self.path = None
        if keeps_rejects:
            handle, self.path = tempfile.mkstemp(prefix="userlist-spark-rejects-")
            os.close(handle)
        self.limit = limit
        self.gathered = False

    def only_users(self, run):
        """A stage runner for the users' partitions only: the buckets' get no process."""
        partitions = self.partitions

        def users_only(index, blobs):
            return run(index, blobs) if index < partitions else iter(())

        return users_only

    def gather(self):
        """The rejects into the local file, once: before merge sees its first line (it reads
        the rejects once every count is in, which is before a full export's first row)."""
        if self.gathered or self.path is None:
            return
        self.gathered = True

        def in_order(pairs):
            keep_import_caches()
            lines = [line for _, blob in pairs for line in blob.split(b"\n") if line]
            lines.sort(key=lambda line: int(line[1:line.index(b"\t")]))
            return lines

        written = 0
        with open(self.path, "wb") as out:
            for bucket in range(self.buckets):
                if self.limit is not None and written >= self.limit:
                    break
                for line in self.sc.runJob(self.shuffled, in_order, partitions=[self.partitions + bucket]):
                    if self.limit is not None and written >= self.limit:
                        break
                    out.write(line + b"\n")
                    written += 1

    def remove(self):
        if self.path is None:
            return
        try:
            os.unlink(self.path)
        except OSError:
            pass


def sample_partitions(partial, samples_per_partition):
    """One pass over a full export's partial lines (persisted blocks of whole lines, bytes): per
    partition, its counts lines (str), a systematic sample of the rows' sort keys (every
    stride-th row, the stride doubling whenever the sample passes twice samples_per_partition:
    even over the partition whatever its size), how many rows, its greatest row and the rows'
    bytes. Python touches a block, not a line: split, slice and max run in C.

    A row's line `KEY<TAB>…` orders as its key: keys are unique (they end with the position)
    and a tab sorts before every character of a key, so a key that is a prefix of another's
    sorts first either way. Lines are compared whole from here on."""
    def summarize(index, blocks):
        keep_import_caches()
        counts, sample, rows, top, size, stride = [], [], 0, None, 0, 1
        for block in blocks:
            lines = block.split(b"\n")
            lines.pop()  # a block ends with its last line's end
            size += len(block)
            if block.startswith(b"!") or b"\n!" in block:
                said = [line for line in lines if line.startswith(b"!")]
                counts += [line.decode("utf-8") for line in said]
                size -= sum(len(line) + 1 for line in said)
                lines = [line for line in lines if not line.startswith(b"!")]
            if not lines:
                continue
            sample += [line[:line.index(b"\t")] for line in lines[(-rows) % stride::stride]]
            rows += len(lines)
            while len(sample) > 2 * samples_per_partition:
                sample, stride = sample[::2], stride * 2
            greatest = max(lines)
            if top is None or greatest > top:
                top = greatest
        return [(counts, sample, rows, top, size)]

    return partial.mapPartitionsWithIndex(summarize).collect()


def range_bounds(samples, partitions):
    """partitions − 1 keys that cut the sorted samples into equal parts (fewer when they repeat)."""
    samples = sorted(samples)
    if partitions <= 1 or not samples:
        return []
    bounds = []
    for index in range(1, partitions):
        key = samples[min(len(samples) - 1, index * len(samples) // partitions)]
        if not bounds or key > bounds[-1]:
            bounds.append(key)
    return bounds


def sorted_ranges(partial, bounds, last=None):
    """A full export's rows (partial's blocks, counts lines left out; json's `last` row too) in
    len(bounds) + 1 ranges of their keys, each range's rows sorted: an RDD of blocks of whole
    lines (bytes, ~1 MiB), range after range.

    Each block is sorted where it is (C's sort of a few thousand bytes objects) and cut at the
    bounds by binary search, so a range receives sorted runs from every partial partition; the
    shuffle moves those pieces, and a range's runs are sorted into one (timsort merges runs: n
    log k for k runs). No row is a Python object of its own until here, none is pickled alone,
    and no comparison runs in Python. The old way — a (key, line) pair per row through Spark's
    repartitionAndSortWithinPartitions — spent ~80 of a 5M-user export's 111 s in Python."""
    import bisect

    def cut(blocks):
        keep_import_caches()
        for block in blocks:
            lines = block.split(b"\n")
            lines.pop()
            if block.startswith(b"!") or b"\n!" in block:
                lines = [line for line in lines if not line.startswith(b"!")]
            if last is not None and last in lines:
                lines.remove(last)
            if not lines:
                continue
            lines.sort()
            start = 0
            for part in range(bisect.bisect_right(bounds, lines[0]), bisect.bisect_right(bounds, lines[-1]) + 1):
                end = bisect.bisect_left(lines, bounds[part], start) if part < len(bounds) else len(lines)
                if end > start:
                    yield part, b"\n".join(lines[start:end]) + b"\n"
                start = end

    def merged(pieces):
        keep_import_caches()
        lines = []
        for piece in pieces:
            lines += piece.split(b"\n")
            lines.pop()
        lines.sort()
        for start in range(0, len(lines), 8192):
            yield b"\n".join(lines[start:start + 8192]) + b"\n"

    return (partial.mapPartitions(cut)
            .partitionBy(len(bounds) + 1, lambda part: part)
            .values()
            .mapPartitions(merged))


# A full export's sorted ranges as the executors write them as part files (--output-dir): a
# range is sorted in the Python worker's memory (~3× its bytes as a list of lines).
PART_BYTES = 64 << 20
# Sort keys sampled per partial partition for the range bounds: enough for even ranges when the
# export is cut into many more ranges than partial has partitions.
SAMPLES_PER_PARTITION = 1000
# A full export's partitions of partial computed and fetched at once (merge_runs): one more
# than this machine's two cores, so that both compute while the driver writes a third.
FETCHES = 3
# A full export's runs compressed, merge reading the files itself, up to this many partitions
# (merge opens every run at once; beyond, plain runs and `sort -m`, which merges in passes).
MAX_RUN_FILES = 900


def run_map_stage(sc, rdd):
    """Runs the stage that ends in rdd's shuffle (the map), alone, before the jobs that read it:
    jobs submitted at once that share a map stage make Spark's status store lose its tasks'
    metrics (the timings), and the first job's partial task would wait for it anyway."""
    node = rdd._jrdd.rdd()
    while not node.dependencies().isEmpty():
        dependency = node.dependencies().head()
        if dependency.getClass().getSimpleName() == "ShuffleDependency":
            sc._jsc.sc().submitMapStage(dependency).get()
            return
        node = dependency.rdd()


class RunFile:
    """A sorted run's file on the driver: a write that fails (TMPDIR full) is one line, exit 74."""

    def __init__(self, path):
        self.path = path
        self.file = self._do(lambda: open(path, "wb"))

    def _do(self, action):
        try:
            return action()
        except OSError as error:
            raise JobFailure("can't write a sorted run into %s (TMPDIR): %s" % (
                os.path.dirname(self.path), error.strerror), EX_IOERR)

    def write(self, data):
        self._do(lambda: self.file.write(data))

    def close(self):
        self._do(self.file.close)

    def discard(self):
        """Closed after a failure, which is the one reported: an error closing it is not."""
        try:
            self.file.close()
        except OSError:
            pass


def merge_runs(partial, merge, scratch, timings, rejects=None, merges_runs=False):
    """A full export into `merge` (--output, standard output): every counts line, then every row
    in the order of its key.

    Each partition of partial is a sorted run: its counts line, then its rows sorted by key
    (the stage sorts them: Sources/UserListStages/StageSortedRows.swift). The map stage runs
    first, alone; then the driver fetches the runs into files under scratch (fetch_runs) and
    `LC_ALL=C sort -m` merges the files straight into merge's standard input (sort_runs_into).
    Merge checks that every key is greater than the one before. With `merges_runs` the runs come
    compressed (partial --compress-run) and merge reads them from scratch itself (--runs), once
    its standard input (the counts) ends: ~4× fewer bytes through the Python worker, the JVM and
    the socket, and no `sort -m`.

    The old way cut every block at sampled bounds and sorted each range in a Python worker, one
    range per fetch: a pass to sample, a second shuffle of the whole export, and a sort on one
    core while the other waited (5M users: 27.8 s of a 76 s job, 2026-11-27)."""
    run_map_stage(partial.context, partial)
    timings.mark("map, shuffle")
    counts, files = fetch_runs(partial, scratch)
    timings.mark("partial and its sort, fetching %d sorted runs" % len(files))
    if rejects is not None:
        # Merge reads the rejects once every count is in, before the first row.
        rejects.gather()
        timings.mark("the rejects")
    for line in counts:
        merge.stdin.write(line)
    merge.stdin.flush()
    if files and not merges_runs:
        sort_runs_into(merge, files, scratch)
        timings.mark("sort -m into merge")


def fetch_runs(partial, scratch):
    """Every partition of partial as a file under scratch (none for an empty one), and the
    counts lines set apart, in partition order: a job per partition, FETCHES at a time (at most
    that many partitions in the driver's memory), each computing its partition and handing it to
    the driver, which writes it while the next ones compute."""
    from concurrent.futures import ThreadPoolExecutor
    from pyspark.util import _load_from_socket
    sc = partial.context

    def fetch(index):
        # sc.runJob without its mapPartitions: the partition's blocks go to the driver as partial
        # wrote them, no Python worker reads them again on the executor.
        served = sc._jvm.PythonRDD.runJob(sc._jsc.sc(), partial._jrdd, [index])
        counts, out, head = [], None, b""
        try:
            for block in _load_from_socket(served, partial._jrdd_deserializer):
                if out is None:
                    # A partition starts with its counts lines (a raw piece may end inside one).
                    head += block
                    while head.startswith(b"!") and b"\n" in head:
                        cut = head.index(b"\n") + 1
                        counts.append(head[:cut])
                        head = head[cut:]
                    if not head or head.startswith(b"!"):
                        continue
                    if not counts:
                        raise JobFailure("userlist stage partial: partition %d does not start with its counts" % index,
                                         EX_SOFTWARE)
                    block, head = head, b""
                    out = RunFile(os.path.join(scratch, "run-%05d" % index))
                out.write(block)
            if head:
                raise JobFailure("userlist stage partial: partition %d ends inside its counts" % index, EX_SOFTWARE)
        except BaseException:
            # The failure that stopped the fetch is the job's, not a close's after it.
            if out is not None:
                out.discard()
            raise
        if out is not None:
            out.close()
        return counts, out is not None and out.path

    pool = ThreadPoolExecutor(max_workers=FETCHES)
    try:
        fetched = list(pool.map(fetch, range(partial.getNumPartitions())))
    except BaseException:
        # The first failure is the job's: the partitions not started are not, and the running
        # ones' jobs are cancelled.
        pool.shutdown(wait=False, cancel_futures=True)
        sc.cancelAllJobs()
        raise
    pool.shutdown()
    return [line for lines, _ in fetched for line in lines], [path for _, path in fetched if path]


def sort_runs_into(merge, files, scratch):
    """`LC_ALL=C sort -m` of the sorted runs' files, written straight into merge's standard input."""
    import resource
    # GNU sort merges at most --batch-size files at once (16 by default), more in passes
    # through temporary files under scratch; its files and ours must stay under the open-file limit.
    batch = max(2, min(len(files), resource.getrlimit(resource.RLIMIT_NOFILE)[0] - 16))
    try:
        sort = subprocess.Popen(["sort", "-m", "--batch-size=%d" % batch, "-T", scratch] + files,
                                stdout=merge.stdin, stderr=subprocess.PIPE, env=dict(os.environ, LC_ALL="C"))
    except OSError as error:
        raise JobFailure("can't run sort -m to merge the sorted runs: %s" % error.strerror, EX_SOFTWARE)
    said = sort.stderr.read()
    code = sort.wait()
    # Killed by SIGPIPE: merge stopped reading, and its exit code says why.
    if code != 0 and code != -signal.SIGPIPE:
        last = (said.decode("utf-8", "replace").strip().splitlines() or ["exit %d" % code])[-1]
        raise JobFailure("sort -m of the sorted runs failed: %s" % last, EX_IOERR)


def summary_target(merge_options):
    """merge's options without --summary, and --summary's FILE (or '-'), if given."""
    rest, target, index = [], None, 0
    while index < len(merge_options):
        word = merge_options[index]
        if word == "--summary":
            target = merge_options[index + 1] if index + 1 < len(merge_options) else None
            index += 2
            continue
        if word.startswith("--summary="):
            target = word.split("=", 1)[1]
        else:
            rest.append(word)
        index += 1
    return rest, target


def run_job(args, options, started, timings):
    stage_options, merge_options = split_options(options)
    gives_output = any(w in ("-o", "--output") or w.startswith(("-o=", "--output=")) for w in merge_options)
    if args.output is not None and gives_output:
        raise JobFailure("the output is given twice: --output before -- and -o/--output after it", EX_USAGE)
    if args.output_dir is not None and gives_output:
        raise JobFailure("the output is given twice: --output-dir before -- and -o/--output after it", EX_USAGE)
    userlist = os.path.abspath(args.userlist)
    # The binary first, before Spark starts: a wrong path is one line, now.
    driver_version = userlist_version(args.userlist)
    environment = stage_environment(args.env)

    def driver_stage(stage, extra=(), without=()):
        return [userlist] + stage_arguments(stage, names, without_options(stage_options, without) + list(extra))

    def driver_merge(extra, lines, quiet=False, without=()):
        """`userlist stage merge` on the driver over a few lines: (exit code, standard output)."""
        done = subprocess.run(driver_stage("merge", extra, without), input=b"".join(line.encode("utf-8") + b"\n" for line in lines),
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL if quiet else STDERR.fd)
        return done.returncode, done.stdout

    STDERR.filter_children()
    # A local job's JVM, started before pyspark is imported when an earlier job showed how
    # (userlist_spark_local.EarlyStart): PySpark adopts it, or it is ended.
    from userlist_spark_local import EarlyStart
    early = EarlyStart(args.master)
    early.start()
    try:
        sc, spark = start_spark(args.master, early)
    finally:
        early.discard()
    timings.mark("starting Spark")
    parts = None
    try:
        binary = ship(sc, userlist)
        shipped = {}
        for index, path in jq_files(stage_options).items():
            if not os.path.isfile(path):
                break  # plan says so, in userlist's words
            shipped[index] = ship(sc, os.path.abspath(path))
        names = expand_inputs(sc, args.inputs)
        for name in names:
            GIVEN_NAMES[plain_path(name if has_scheme(name) else os.path.abspath(name))] = name
        # Every option is checked once, before any work: a typo is exit 64 now, not in a task.
        plan = subprocess.run(driver_stage("plan"), stdout=subprocess.PIPE, stderr=STDERR.fd)
        if plan.returncode != 0:
            return plan.returncode
        plan = json.loads(plan.stdout)
        if args.output_dir is not None:
            if plan["sort"] and not plan["parts"]:
                raise JobFailure("--output-dir: a full export as a table, markdown, html, coloured json or with "
                                 "--jq-out is rendered whole: write it with --output", EX_USAGE)
            parts = PartFiles(sc, args.output_dir, plan["extension"])
        timings.mark("planning")

        # A task has spark.task.cpus cores (1 unless set): its stage uses as many threads (--where's
        # filter asked for one a core of the machine, beside every other task's), unless --threads
        # says otherwise. (5M users, --where: the job 18.5 and 16.4 s without, 16.0 and 15.7 s with.)
        task_threads = [] if option_value(stage_options, "--threads") is not None else \
            ["--threads", str(max(1, int(spark_setting(sc, "spark.task.cpus", "1"))))]
        # The jq files' places among the options, after those words.
        shipped_at = {index + len(task_threads): name for index, name in shipped.items()}

        def runner(stage, extra=(), chunks=None, feed="lines", blocks=False):
            return stage_runner(binary, driver_version, stage, names, task_threads + stage_options + list(extra), environment,
                                shipped_at, chunks, feed, blocks=blocks)

        def map_runner(frames, extra_for, feed):
            return stage_runner(binary, driver_version, "map", names, task_threads + stage_options, environment, shipped_at,
                                frames=frames, extra_for=extra_for, feed=feed)

        splits, read_by_spark = plan_splits(spark, names)
        # A full export's partial sorts its partition in memory: one partition a split. A page's
        # or a count's partial lines are a few bytes a user (an id, a position, a mark): a
        # quarter as many partitions (at least one a core) means fewer tasks and larger frames
        # (5M users, the page: 16 -> 4 partitions, the job 10.1 -> 9.2 s).
        fewer = max(sc.defaultParallelism, -(-len(splits) // 4))
        partitions = args.partitions or max(1, len(splits) if plan["sort"] else min(len(splits), fewer))
        maximum = max_rejects(stage_options)
        keeps_rejects = rejects_file(stage_options) is not None or maximum is not None
        limit = maximum + 1 if keeps_rejects and rejects_file(stage_options) is None else None

        def attempt(all_candidates):
            # A page: each map sends its best page × page size whole and holds its other matches
            # back; the merge says (exit 75) when that can't settle the page, and the job runs
            # again with every match sent.
            # Each users' frame compressed (zstd, in the map process): ~7x fewer bytes through the
            # Python workers, the JVM and the shuffle files; partial reads them as one stream.
            extra = ["--buckets", str(partitions), "--compress-frames"] + (["--all-candidates"] if all_candidates else [])

            def outputs(destination):
                return map_outputs(sc, splits, read_by_spark, lambda frames, extra_for, feed: map_runner(
                    frames, lambda partition: extra_for(partition) + extra, feed), destination)

            shuffle = Shuffle(sc, len(splits), partitions, outputs, keeps_rejects, limit)
            rejects = shuffle if keeps_rejects else None
            # A full export's partial lines stay blocks of bytes (sorted_ranges); a page's or a
            # count's few are lines for tree_combine.
            # A full export into one output: each sorted run compressed, for merge to read itself.
            compressed = parts is None and plan["sort"] and partitions <= MAX_RUN_FILES
            partial = shuffle.users.mapPartitionsWithIndex(shuffle.only_users(
                runner("partial", ["--dedupe"] + (["--compress-run"] if compressed else []), feed="blobs",
                       blocks="raw" if compressed else bool(plan["sort"]))))
            try:
                if parts is not None and plan["sort"]:
                    return write_parts(spark, partial, plan, parts, partitions, runner, driver_merge, merge_options,
                                       started, timings, rejects)
                return gather_into_merge(partial, plan, parts, runner, driver_stage, merge_options, args, started,
                                         timings, rejects, retries=plan["gather"] == "page" and not all_candidates,
                                         compressed=compressed)
            finally:
                shuffle.remove()

        code = attempt(False)
        if code == EX_TEMPFAIL and plan["gather"] == "page":
            timings.mark("the page again, every match sent (a map's best repeated an earlier id)")
            code = attempt(True)
        if code != 0 and parts is not None:
            parts.abandon()
        return code
    except BaseException:
        if parts is not None:
            parts.abandon()
        raise
    finally:
        stop_spark(sc, timings)


def gather_into_merge(partial, plan, parts, runner, driver_stage, merge_options, args, started, timings, rejects=None,
                      retries=False, compressed=False):
    """The partial lines into `userlist stage merge` on the driver: a page's or a count's
    candidates combined in a tree first (few lines reach the driver), a full export's sorted
    runs merged into it (merge_runs; --output, standard output). With --output-dir (a page, a
    count), merge's output becomes part-00000 and its summary _summary.json. `retries`: a merge
    that exits 75 is run again by the caller, so what it says then is not passed on.
    `compressed`: a full export's runs come compressed, and merge reads them itself (--runs)."""
    import shutil
    import tempfile
    merge_extra = ["--started", "%.3f" % started]
    target = None
    scratch = None
    if parts is not None:
        merge_options, target = summary_target(merge_options)
        scratch = tempfile.mkdtemp(prefix="userlist-spark-")
        merge_extra += ["--output", os.path.join(scratch, "out"), "--summary", os.path.join(scratch, "summary.json")]
    elif args.output is not None and args.output != "-":
        merge_extra += ["--output", args.output]
    if rejects is not None:
        merge_extra += ["--reject-lines", rejects.path]
    runs = tempfile.mkdtemp(prefix="userlist-spark-runs-") if plan["sort"] else None
    if compressed:
        merge_extra += ["--runs", runs]
    merge_extra = merge_options + merge_extra
    said = tempfile.TemporaryFile() if retries else None
    merge = subprocess.Popen(driver_stage("merge", merge_extra), stdin=subprocess.PIPE,
                             stderr=said if said is not None else STDERR.fd)
    try:
        if plan["sort"]:
            merge_runs(partial, merge, runs, timings, rejects, merges_runs=compressed)
        else:
            first = True
            for line in tree_combine(partial, runner("merge", ["--part", "combine"]), plan.get("candidates")):
                if first:
                    timings.mark("map, shuffle, partial, combine until the first line")
                    first = False
                    if rejects is not None:
                        # The shuffle is done; merge reads the rejects once every count is in.
                        rejects.gather()
                        timings.mark("the rejects")
                merge.stdin.write(line.encode("utf-8") + b"\n")
        if rejects is not None:
            rejects.gather()
        merge.stdin.close()
    except BrokenPipeError:
        pass  # merge stopped early; its exit code says why
    except BaseException:
        # The job failed: merge must not finish an output (it writes -o only when it ends well).
        merge.kill()
        merge.wait()
        if runs is not None:
            shutil.rmtree(runs, ignore_errors=True)
        raise
    code = merge.wait()
    if runs is not None:
        shutil.rmtree(runs, ignore_errors=True)
    if compressed:
        timings.mark("merge reading the runs")
    if said is not None:
        if code != EX_TEMPFAIL:
            said.seek(0)
            STDERR.write(said.read().decode("utf-8", "replace"))
        said.close()
    timings.mark("the rest into merge")
    if parts is not None and code == 0:
        with open(os.path.join(scratch, "out"), "rb") as out:
            parts.add(out.read())
        with open(os.path.join(scratch, "summary.json"), "rb") as summary:
            summary = summary.read()
        give_summary(target, summary)
        parts.finish(summary)
    if scratch is not None:
        shutil.rmtree(scratch, ignore_errors=True)
    return code


def give_summary(target, summary):
    """--summary FILE (or '-') after --, with --output-dir: the summary written beside the parts too."""
    if target is None:
        return
    if target == "-":
        STDERR.write(summary.decode("utf-8"))
        return
    try:
        with open(target, "wb") as out:
            out.write(summary)
    except OSError as error:
        raise JobFailure("userlist: %s: %s" % (target, error.strerror), EX_CANTCREAT)


def write_parts(spark, partial, plan, parts, partitions, runner, driver_merge, merge_options, started, timings,
                rejects=None):
    """A full export as ordered part files (PartFiles), nothing of it through the driver:

    1. one pass over partial's lines (persisted) gives each partition's counts, a sample of its
       rows' sort keys and its greatest row (sample_partitions);
    2. `userlist stage merge --part ends` on the driver, over the counts (and, for json, the
       export's last row), prints the run's warnings or fails as one run would — before any part
       is written — and gives the output's head (header, json's opening) and tail;
    3. the rows (json: all but the last) are cut into ranges of their key at the sample's
       bounds and each range sorted (sorted_ranges), turned into each part's bytes by `userlist
       stage merge --part rows` on the executors and written by Spark's text writer (the separator
       between rows as its line separator) into DIR/_rows;
    4. the driver renames those files in order, writes part-00000 (the head), json's last part
       (the tail), _summary.json and _SUCCESS."""
    import tempfile
    from pyspark import StorageLevel
    merge_options, target = summary_target(merge_options)
    # On disk, not in the JVM's heap: in local mode the driver's heap is the executor's, and a
    # 5M-user export's lines held in it (MEMORY_AND_DISK) left too little to fetch results.
    partial = partial.persist(StorageLevel.DISK_ONLY)
    summaries = sample_partitions(partial, SAMPLES_PER_PARTITION)
    timings.mark("map, shuffle, partial, sampling")
    counts = [line for summary in summaries for line in summary[0]]
    tops = [summary[3] for summary in summaries if summary[3] is not None]
    separator = plan["separator"].encode("utf-8") or b"\n"
    # json's rows are joined by commas: the last one, which has none after it, ends the last part.
    last = max(tops) if tops and plan["separator"] else None
    ends_input = counts + ([last.decode("utf-8")] if last else [])
    rejects_extra = []
    if rejects is not None:
        rejects.gather()
        rejects_extra = ["--reject-lines", rejects.path]
    code, ends = driver_merge(merge_options + ["--part", "ends"] + rejects_extra, ends_input)
    if code != 0:
        return code
    ends = json.loads(ends)
    size = sum(summary[4] for summary in summaries)
    bounds = range_bounds([key for summary in summaries for key in summary[1]], max(partitions, -(-size // PART_BYTES)))

    ordered = sorted_ranges(partial, bounds, last).mapPartitionsWithIndex(
        runner("merge", ["--part", "rows"], chunks=separator, feed="blobs"))
    frame = spark.get().createDataFrame(ordered.map(lambda chunk: (chunk,)), "value STRING")
    # Spark's own marker would say "done" before the renames; the job writes _SUCCESS last.
    frame.write.option("lineSep", separator.decode("utf-8")) \
        .option("mapreduce.fileoutputcommitter.marksuccessfuljobs", "false").text(parts.rows_dir())
    timings.mark("sort, rows into part files")
    parts.add(ends["head"].encode("utf-8"))
    parts.adopt_rows()
    if ends["tail"]:
        parts.add(ends["tail"].encode("utf-8"))
    # The summary once all is written: its seconds are the whole job's.
    scratch = tempfile.mkdtemp(prefix="userlist-spark-")
    try:
        summary_file = os.path.join(scratch, "summary.json")
        # The rejects are written and counted by the first: this one only gives the summary.
        code, _ = driver_merge(merge_options + ["--part", "ends", "--summary", summary_file, "--started", "%.3f" % started],
                               ends_input, quiet=True, without=("--rejects", "--max-rejects"))
        if code != 0:
            return code
        with open(summary_file, "rb") as summary:
            summary = summary.read()
    finally:
        import shutil
        shutil.rmtree(scratch, ignore_errors=True)
    give_summary(target, summary)
    parts.finish(summary)
    timings.mark("renames, summary")
    return 0


def main(argv):
    """The job, with its one error handler: every failure is one line on standard error and
    userlist's exit code, never a traceback."""
    started = time.time()
    timings = Timings(started)
    try:
        args, options = parse_arguments(argv)
        return run_job(args, options, started, timings)
    except JobFailure as failure:
        report(failure)
        return failure.code
    except KeyboardInterrupt:
        return 128 + signal.SIGINT
    except Exception as error:
        failure = job_failure(error)
        report(failure)
        return failure.code
    finally:
        timings.report()
        STDERR.finish()


def report(failure):
    line = failure.message if failure.message.startswith("userlist:") else "userlist_spark.py: " + failure.message
    STDERR.write(line.replace("\n", " ") + "\n")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
