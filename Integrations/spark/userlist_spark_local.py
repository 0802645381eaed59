"""What a local job (`--master local[N]`: one JVM, started for one job) does to start sooner.

Measured on the 2 cores of README "What it costs" (PySpark 4.0.1, OpenJDK 17), before any of
the job's own work: the JVM and its gateway 1.2-1.4 s, the SparkContext 1.0 s, the first task
1.4 s (PySpark's daemon starting its Python). Two things take ~1.7 s of those ~3.8 s:

- The JVM's classes, kept between jobs (AppCDS, `-XX:SharedArchiveFile`): Spark loads thousands
  of classes from its jars at every start. The first local job saves those it loaded into an archive
  under ~/.cache/userlist/spark (~70 MB; it waits ~3-5 s once, for the JVM to write it at its
  exit); later jobs map it: gateway 1.3 -> 0.9 s, context 1.0 -> 0.4 s. The archive's name is
  a hash of the java binary, Spark's jars and the options, so another JDK or Spark makes a new
  one; the JVM itself checks the classpath it was made with and, on any mismatch, starts as
  before. A dynamic archive refuses a classpath with a non-empty directory on it, so
  SPARK_CONF_DIR is an empty directory beside the archive and log4j2.properties is given to the
  JVM by name. USERLIST_SPARK_CLASS_ARCHIVE=0 turns it off.
- PySpark's daemon imports pyspark from pyspark.zip, which Python can't cache compiled: 0.62 s
  of its start, 0.14 s from the installed package. `python -m userlist_spark_local` is that
  daemon, with the installed package put before the zip when the zip is that package's own (a
  pip install: SPARK_HOME is the package); otherwise it is PySpark's daemon as it was. Its
  workers' sockets skip a 40 ms stall a task (quick_sockets) and their garbage collection after
  each task skips the imports' objects (gc.freeze).

- Spark's launcher: `spark-submit` is bash scripts and a JVM of its own (the launcher) that
  work out the driver JVM's command line — ~0.1-0.3 s of every start, the same answer each time
  for the same arguments and environment. The first job reads the command its JVM was started
  with (/proc/PID/cmdline and what the scripts added to its environment) into the cache
  directory, keyed by a hash of spark-submit's arguments, the whole environment and the
  archive's name (the JDK and Spark's jars); a later job with the same key starts that command
  directly. Only with the archive's empty SPARK_CONF_DIR (no spark-env.sh, no
  spark-defaults.conf for the scripts to read) and on Linux (/proc).

- Python before the JVM: PySpark's imports and the context's settings take ~0.17 s before PySpark
  starts the JVM. EarlyStart starts it first, before pyspark is imported, with the command the
  last job with the same master, Python and environment ended up giving it, and what that JVM's
  environment had besides the job's (early-KEY.json, written with launch-KEY.json; both readable
  by their owner only: a command line may hold a --conf's secret); PySpark adopts it when the
  command it works out has that job's launch KEY (the same arguments and environment, so the same
  JVM), and otherwise it is killed and PySpark starts its own. The JVM writes its port into a
  file of ours, moved to the name PySpark waits for.

Only when the job's options don't configure the JVM or the Python daemon themselves (their own
extraJavaOptions, --driver-java-options, SPARK_CONF_DIR, spark.python.daemon.module win).
"""

import contextlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def prefer_installed_pyspark(path):
    """sys.path with a pip-installed pyspark's own directory before its pyspark.zip."""
    zip_tail = os.sep + os.path.join("python", "lib", "pyspark.zip")
    for index, entry in enumerate(path):
        if entry.endswith(zip_tail):
            home = entry[:-len(zip_tail)]
            if os.path.basename(home) == "pyspark" and os.path.isfile(os.path.join(home, "__init__.py")):
                return path[:index] + [os.path.dirname(home)] + path[index:]
            return path
    return path


def quick_sockets(daemon):
    """Each task's socket to the JVM set to send and acknowledge at once (TCP_NODELAY,
    TCP_QUICKACK), before the task. PySpark's JVM writes a task's last few bytes (the end of its
    input) after the rest; Nagle's algorithm holds them until the rest is acknowledged, and this
    side's kernel holds that acknowledgement up to 40 ms, waiting for a reply that comes only
    once those bytes arrive. Every task waited so: 48 ms a task of nothing, 5 ms after."""
    import socket
    original = daemon.worker
    options = [getattr(socket, name) for name in ("TCP_NODELAY", "TCP_QUICKACK") if hasattr(socket, name)]

    def worker(sock, authenticated):
        for option in options:
            try:
                sock.setsockopt(socket.IPPROTO_TCP, option, 1)
            except OSError:
                pass
        return original(sock, authenticated)

    daemon.worker = worker


def run_daemon():
    sys.path[:] = prefer_installed_pyspark(sys.path)
    import gc
    import pyspark.daemon
    quick_sockets(pyspark.daemon)
    # A reused worker runs gc.collect() after every task, over every object PySpark's imports
    # made: frozen here, before the workers fork, they are not walked again (a task of nothing
    # 12 -> 6 ms).
    gc.collect()
    gc.freeze()
    pyspark.daemon.manager()


class LocalStart:
    """The settings of a local job's start (apply), the JVM started without Spark's launcher when
    it was seen before (launching), and, after the job, the class archive saved (finish)."""

    def __init__(self, conf, environment=os.environ, early=None):
        self.early = early  # an EarlyStart, or None
        self.pending = None  # (the archive being written, its name once complete)
        self.settings = {}
        self.conf_dir = None
        self.archive_name = None
        self.launched = None  # (the cache file, the Popen, the environment it was given): to remember
        if environment.get("SPARK_CONF_DIR") is None and not conf.contains("spark.ui.enabled") and \
                "spark.ui.enabled" not in environment.get("PYSPARK_SUBMIT_ARGS", ""):
            # The web UI (Jetty and its servlets) started in every local job, ~0.1 s of its start,
            # for pages that live as long as the job; spark.ui.enabled=true brings it back.
            self.settings["spark.ui.enabled"] = "false"
        if environment.get("SPARK_CONF_DIR") is None and not conf.contains("spark.python.daemon.module"):
            self.settings["spark.python.daemon.module"] = "userlist_spark_local"
            given = conf.get("spark.executorEnv.PYTHONPATH", None)
            self.settings["spark.executorEnv.PYTHONPATH"] = HERE if not given else given + os.pathsep + HERE
        if conf.contains("spark.driver.extraJavaOptions") or "--driver-java-options" in environment.get("PYSPARK_SUBMIT_ARGS", ""):
            return
        # Its optimizing JIT (C2) was ~14% of a 5M page query's CPU, work that never paid back
        # in a JVM that lives one job (page 38-39 s -> 31-34 s with C1 only).
        options = ["-XX:TieredStopAtLevel=1"]
        archive = None
        if environment.get("SPARK_CONF_DIR") is None and environment.get("USERLIST_SPARK_CLASS_ARCHIVE", "1") != "0":
            archive = self._archive(options, environment)
        if archive is not None:
            cache, name = archive
            self.archive_name = name
            self.conf_dir = os.path.join(cache, "conf")
            options += ["-Dlog4j2.configurationFile=" + os.path.join(HERE, "log4j2.properties"), "-Xlog:cds*=off",
                        "-Xlog:class+path*=off"]
            kept = self._kept(cache, name)
            if kept is not None:
                options.append("-XX:SharedArchiveFile=" + kept)
            else:
                writing = "%s.%d.part" % (name, os.getpid())
                options.append("-XX:ArchiveClassesAtExit=" + writing)
                self.pending = (writing, name)
        self.settings["spark.driver.extraJavaOptions"] = " ".join(options)

    @staticmethod
    def _kept(cache, name):
        """The archive kept for `name` (NAME-SIZE.jsa) when it is whole, or None. The JVM maps the
        archive without checking its length: one cut short ends it by SIGBUS, before the job starts."""
        prefix = os.path.basename(name) + "-"
        try:
            for entry in os.listdir(cache):
                if entry.startswith(prefix) and entry.endswith(".jsa"):
                    path = os.path.join(cache, entry)
                    if whole_archive(path):
                        return path
                    os.unlink(path)
        except OSError:
            pass
        return None

    @staticmethod
    def _archive(options, environment):
        """(the cache directory, the archive's name), or None: no JDK found, no PySpark 4, no cache."""
        import hashlib
        import shutil
        try:
            import pyspark
            from pyspark.find_spark_home import _find_spark_home
            if int(pyspark.__version__.split(".")[0]) < 4:  # Java 17 and its dynamic archives come with Spark 4
                return None
            java = os.path.join(environment["JAVA_HOME"], "bin", "java") if environment.get("JAVA_HOME") else shutil.which("java")
            if java is None:
                return None
            digest = hashlib.sha256(" ".join(options).encode())
            jars = os.path.join(_find_spark_home(), "jars")
            for path in [os.path.realpath(java)] + sorted(os.path.join(jars, name) for name in os.listdir(jars)):
                status = os.stat(path)
                digest.update(("%s %d %d\n" % (path, status.st_size, status.st_mtime_ns)).encode())
            cache = cache_directory(environment)
            os.makedirs(os.path.join(cache, "conf"), exist_ok=True)
            if os.listdir(os.path.join(cache, "conf")) or not os.access(cache, os.W_OK):
                return None
            return cache, os.path.join(cache, "jvm-" + digest.hexdigest()[:16])
        except (OSError, ValueError, ImportError, KeyError):
            return None

    def launching(self):
        """A context manager for the context's start: PySpark's Popen of spark-submit replaced by
        the JVM's own command when this key's is remembered (see the module's docstring)."""
        import pyspark.java_gateway as launcher
        return swapped(launcher, "Popen", self._direct)

    def _direct(self, popen):
        """PySpark's `popen` as launching() swaps it: a remembered command started directly, or
        spark-submit as before (its JVM's command remembered by remember_launch)."""
        import json

        def direct(command, **kwargs):
            environment = kwargs.get("env")
            path = self._launch_file(command, environment) if isinstance(environment, dict) else None
            adopted = self.early.adopt(path, environment) if self.early is not None else None
            if adopted is not None:
                return adopted
            if path is None:
                return popen(command, **kwargs)
            try:
                with open(path) as f:
                    known = json.load(f)
                if os.access(known["command"][0], os.X_OK):
                    apply_change(environment, known["environment"], known["unset"])
                    if self.early is not None:
                        self.early.remember(path, known["command"], environment)
                    return popen(known["command"], **kwargs)
            except (OSError, ValueError, KeyError, IndexError, TypeError):
                pass
            process = popen(command, **kwargs)
            self.launched = (path, process, dict(environment))
            return process

        return direct

    def _launch_file(self, command, environment):
        import hashlib
        import json
        if self.archive_name is None or self.pending is not None or not os.path.isdir("/proc/self"):
            return None
        if not command or os.path.basename(command[0]) != "spark-submit":
            return None
        seen = sorted((k, v) for k, v in environment.items() if k not in (CONN_INFO, "_"))
        key = hashlib.sha256(json.dumps([os.path.basename(self.archive_name), list(command), seen]).encode()).hexdigest()[:16]
        return os.path.join(os.path.dirname(self.archive_name), "launch-%s.json" % key)

    def remember_launch(self):
        """After the context started: the JVM's command line and what the scripts added to its
        environment, kept for the next job with the same key (the newest 8 kept)."""
        if self.launched is None:
            return
        path, process, given = self.launched
        self.launched = None
        try:
            with open("/proc/%d/cmdline" % process.pid, "rb") as f:
                command = [word.decode() for word in f.read().split(b"\0")[:-1]]
            with open("/proc/%d/environ" % process.pid, "rb") as f:
                pairs = [item.decode().split("=", 1) for item in f.read().split(b"\0") if b"=" in item]
            if "org.apache.spark.deploy.SparkSubmit" not in command or not os.path.isabs(command[0]):
                return
            final = dict(pairs)
            added, removed = environment_change(given, final)  # removed: bash's own `_`
            remember_file(path, {"command": command, "environment": added, "unset": removed})
            if self.early is not None:
                self.early.remember(path, command, final)
        except (OSError, ValueError, UnicodeDecodeError):
            pass

    def apply(self, conf):
        for key, value in self.settings.items():
            conf.set(key, value)
        if self.conf_dir is not None:
            os.environ["SPARK_CONF_DIR"] = self.conf_dir

    def finish(self, sc, timeout=120):
        """After sc.stop(): the JVM ended, so that it writes the archive, then the archive kept
        under its name (a JVM killed while writing leaves a part file, removed here)."""
        if self.pending is None:
            return
        writing, name = self.pending
        process = getattr(getattr(sc, "_gateway", None), "proc", None)
        try:
            if process is not None:
                process.stdin.close()
                process.wait(timeout)
            if process is not None and process.returncode == 0 and os.path.getsize(writing) > 0:
                directory = os.path.dirname(name)
                for old in os.listdir(directory):
                    if old.startswith("jvm-") and old.endswith(".jsa"):
                        os.unlink(os.path.join(directory, old))
                os.replace(writing, "%s-%d.jsa" % (name, os.path.getsize(writing)))
        except Exception:
            pass
        finally:
            if os.path.exists(writing):
                try:
                    os.unlink(writing)
                except OSError:
                    pass


# PySpark's launch_gateway tells the JVM where to write its port in this variable.
CONN_INFO = "_PYSPARK_DRIVER_CONN_INFO_PATH"


def remember_file(path, record):
    """`record` as the JSON file `path` (KIND-KEY.json), readable by its owner only (a JVM's
    command line may hold a --conf's secret), whole or not at all (written beside it, then
    renamed); of its KIND, the eight newest are kept."""
    import json
    writing = "%s.%d.part" % (path, os.getpid())
    descriptor = os.open(writing, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as f:
        json.dump(record, f)
    os.replace(writing, path)
    directory, kind = os.path.dirname(path), os.path.basename(path).split("-", 1)[0] + "-"
    kept = sorted((os.path.getmtime(os.path.join(directory, n)), n) for n in os.listdir(directory)
                  if n.startswith(kind) and n.endswith(".json"))
    for _, name in kept[:-8]:
        os.unlink(os.path.join(directory, name))


def environment_change(given, final):
    """What `final` has that `given` has not, or otherwise: (the variables added or changed, the
    names removed), PySpark's connection-file variable left out."""
    added = {k: v for k, v in final.items() if given.get(k) != v and k != CONN_INFO}
    removed = [k for k in given if k not in final and k != CONN_INFO]
    return added, removed


def apply_change(environment, added, removed):
    """`environment` with an environment_change made to it (in place, and returned)."""
    environment.update(added)
    for name in removed:
        environment.pop(name, None)
    return environment


def cache_directory(environment):
    """Where a local job keeps its class archive and launch files."""
    base = environment.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "userlist", "spark")


def whole_archive(path):
    """Whether a class archive is all there: its size is the one its name ends with (NAME-SIZE.jsa)."""
    try:
        return path.endswith(".jsa") and path[:-len(".jsa")].rsplit("-", 1)[-1] == str(os.path.getsize(path))
    except OSError:
        return False


class EarlyStart:
    """A local job's JVM started before pyspark is imported (see the module's docstring): start()
    as early as the job can, PySpark's Popen asks adopt(), remember() after a JVM PySpark started
    itself, discard() when the job ends either way."""

    def __init__(self, master, environment=os.environ):
        import hashlib
        import json
        self.process = None
        self.launch = None    # the launch file's name the remembered JVM was started for
        self.directory = None  # where the JVM writes its port
        self.path = None
        self.given = {}
        if not (master or "").startswith("local") or "PYSPARK_GATEWAY_PORT" in environment or \
                environment.get("SPARK_CONF_DIR") is not None or environment.get("USERLIST_SPARK_CLASS_ARCHIVE", "1") == "0":
            return
        self.given = dict(environment)
        seen = sorted((k, v) for k, v in environment.items() if k != "_")
        key = hashlib.sha256(json.dumps([master, sys.executable, HERE, seen]).encode()).hexdigest()[:16]
        self.path = os.path.join(cache_directory(environment), "early-%s.json" % key)

    def start(self):
        import json
        import signal
        import subprocess
        import tempfile
        if self.path is None:
            return
        try:
            with open(self.path) as f:
                known = json.load(f)
            command, launch = known["command"], known["launch"]
            # This job's environment (the same as the remembering job's: the KEY says so) with
            # what that job's JVM had besides.
            environment = apply_change(dict(self.given), known["environment"], known["unset"])
            archives = [word.split("=", 1)[1] for word in command if word.startswith("-XX:SharedArchiveFile=")]
            if not os.access(command[0], os.X_OK) or not archives or not all(whole_archive(a) for a in archives):
                return  # a cut archive would end the JVM by SIGBUS: PySpark's own start replaces it
            self.directory = tempfile.mkdtemp(prefix="userlist-spark-")
            environment[CONN_INFO] = os.path.join(self.directory, "connection")
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE, env=environment,
                                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
            self.launch = launch
        except (OSError, ValueError, KeyError, IndexError, TypeError):
            self.discard()

    def adopt(self, launch_path, environment):
        """The JVM started early, when `launch_path` (the launch file of the command PySpark is
        starting) is the one it was started for and it still runs; its port file then goes to
        the name in `environment` once written. None: PySpark starts its own (and this one is gone)."""
        import shutil
        import threading
        import time
        process, self.process = self.process, None
        if process is None:
            return None
        if launch_path is None or os.path.basename(launch_path) != self.launch or process.poll() is not None \
                or not isinstance(environment, dict) or CONN_INFO not in environment:
            self.process = process
            self.discard()
            return None
        ours, theirs, directory = os.path.join(self.directory, "connection"), environment[CONN_INFO], self.directory
        self.directory = None

        def hand_over():
            # The JVM writes the file whole and renames it into place; PySpark polls for its own name.
            while process.poll() is None and not os.path.exists(ours):
                time.sleep(0.002)
            try:
                os.replace(ours, theirs)
            except OSError:
                pass  # the JVM ended first: PySpark sees it end
            shutil.rmtree(directory, ignore_errors=True)

        threading.Thread(target=hand_over, daemon=True).start()
        return process

    def remember(self, launch_path, command, environment):
        """The JVM PySpark started for `launch_path`: its command, and how its environment
        differs from this job's at its start (the whole of it would copy the user's secrets)."""
        if self.path is None:
            return
        added, removed = environment_change(self.given, environment)
        try:
            remember_file(self.path, {"launch": os.path.basename(launch_path), "command": command,
                                      "environment": added, "unset": removed})
        except OSError:
            pass

    def discard(self):
        """A JVM started early and never adopted, ended."""
        import shutil
        process, self.process = self.process, None
        if process is not None:
            process.kill()
            process.wait()
        if self.directory is not None:
            shutil.rmtree(self.directory, ignore_errors=True)
            self.directory = None


@contextlib.contextmanager
def swapped(owner, name, replacement):
    """`owner.name` replaced by `replacement(original)` while the block runs, then put back; left
    as it is when that gives None (a PySpark whose module no longer holds what was expected)."""
    original = getattr(owner, name, None)
    replaced = replacement(original) if original is not None else None
    if replaced is None:
        yield
        return
    setattr(owner, name, replaced)
    try:
        yield
    finally:
        setattr(owner, name, original)


if __name__ == "__main__":
    run_daemon()
