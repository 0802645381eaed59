// Turns a crash inside libjq into one line and exit 65: libjq 1.6 has no depth limit, so deep
// recursion overflows the thread's stack (SIGSEGV) or exhausts memory (it prints "cannot
// allocate memory" and aborts). See Sources/UserListJQ/JQProgram.swift.
#ifndef USERLIST_STACK_GUARD_H
#define USERLIST_STACK_GUARD_H

/// Installs the SIGSEGV, SIGBUS and SIGABRT handlers (once), chaining to the ones before them
/// for crashes outside libjq. `pending` is a table of `count` C strings (or NULL): temporary
/// files to remove before exiting.
void ul_guard_install(char *const *pending, int count);

/// Marks this thread as running a jq program for `label` (`--where`, …) until `ul_guard_leave`;
/// the first call on a thread gives it an alternate signal stack, so the handler can run when
/// the thread's own stack is exhausted.
void ul_guard_enter(const char *label);
void ul_guard_leave(void);

/// libjq's out-of-memory handler (`jq_set_nomem_handler`): inside a jq program, one line and
/// exit 65 instead of libjq's own line and abort.
void ul_guard_out_of_memory(void *unused);

/// Puts a stream in `stderr`'s place (once) that leaves out libjq's "jq: error: cannot allocate
/// memory" line while a jq program runs: libjq writes it before aborting, and the guard's
/// SIGABRT line says it as userlist's. Everything else goes to descriptor 2 unbuffered.
void ul_guard_filter_stderr(void);

/// `--jq-timeout`: from now on, a jq program that runs longer than `seconds` on one input ends
/// the process with one line naming its option and exit 65 (a watchdog thread checks).
void ul_guard_set_timeout(double seconds);

/// Called on the watchdog's thread with the one line (no prefix, no line break) just before a
/// `--jq-timeout` ends the process, so the run's `--summary` can still be written; NULL: none.
typedef void (*ul_guard_exit_hook)(const char *line);
void ul_guard_set_exit_hook(ul_guard_exit_hook hook);

/// A status line (the progress line) is now shown (1) or not (0) on standard error, a terminal.
void ul_status_line_set(int shown);

/// Erases the status line when one is shown (carriage return, erase to the end of the line), so
/// that what ends the run — a signal, a crash in libjq, `--jq-timeout` — leaves no half line
/// behind. Async-signal-safe.
void ul_status_line_erase(void);

/// The pager standard output was sent to (0: none): what ends the run by a signal closes standard
/// output and waits for it first, as the run's own end does, so the person reading keeps the
/// terminal until they quit the pager.
void ul_pager_set(int pid);

/// Closes standard output and waits for the pager, if there is one; returns whether there was
/// (async-signal-safe).
int ul_pager_wait(void);

/// While on, a signal that ends the run is held (`ul_signal_hold` says so to the handler) and
/// given back by `ul_signal_held` (0 when none came), to be raised once the stretch is over.
void ul_signals_defer(int on);
int ul_signal_hold(int signal);
int ul_signal_held(void);

/// The input this thread reads, for jq's `input_filename` (an index into JQInputName's names; -1: none).
void ul_current_input_set(int index);
int ul_current_input_get(void);

#endif
