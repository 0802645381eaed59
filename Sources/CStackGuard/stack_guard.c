#define _GNU_SOURCE  // fopencookie
#include "stack_guard.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <errno.h>
#include <sys/wait.h>

static __thread const char *current_label = NULL;
static __thread int has_alternate_stack = 0;
static pthread_key_t alternate_stack_key;
static pthread_once_t alternate_stack_once = PTHREAD_ONCE_INIT;
static char *const *pending_files = NULL;
static int pending_count = 0;
static struct sigaction previous[3];
static const int guarded[3] = {SIGSEGV, SIGBUS, SIGABRT};
static int installed = 0;

// The watchdog's view of every thread running jq: when it started its current input (0: idle).
#define SLOTS 256
static _Atomic long long slot_started[SLOTS];
static const char *_Atomic slot_label[SLOTS];
static _Atomic int slots_used = 0;
static __thread int my_slot = -1;
static double timeout_seconds = 0;

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void remove_pending(void);

// Whether a status line (the progress line) is on standard error now: every message printed
// from here, and a signal that ends the run, erases it first (ul_status_line_erase).
static volatile sig_atomic_t status_line_shown = 0;

static void write_all(const char *text, size_t left) {
    while (left > 0) {
        ssize_t n = write(STDERR_FILENO, text, left);
        if (n <= 0) return;
        text += n;
        left -= (size_t)n;
    }
}

static volatile sig_atomic_t pager_pid = 0;

void ul_pager_set(int pid) {
    pager_pid = pid;
}

int ul_pager_wait(void) {
    pid_t pid = (pid_t)pager_pid;
    if (pid <= 0) return 0;
    pager_pid = 0;
    close(STDOUT_FILENO);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    return 1;
}

void ul_status_line_set(int shown) {
    status_line_shown = shown ? 1 : 0;
}

void ul_status_line_erase(void) {
    if (!status_line_shown) return;
    status_line_shown = 0;
    write_all("\r\033[K", 4);
}

// The text of an assertion libjq failed while a program ran (glibc writes "PROGRAM: FILE:LINE:
// FUNCTION: Assertion `…' failed." to stderr, then aborts): the SIGABRT handler names it.
static char assertion[256];

static void say(const char *text) {
    ul_status_line_erase();
    size_t left = strlen(text);
    while (left > 0) {
        ssize_t n = write(STDERR_FILENO, text, left);
        if (n <= 0) return;
        text += n;
        left -= (size_t)n;
    }
}

static void handler(int sig, siginfo_t *info, void *context) {
    const char *label = current_label;
    if (label == NULL) {
        // Not libjq: put back what was there (the Swift runtime's crash reporter, or the
        // default) and return, so the fault happens again and is handled as before.
        for (int i = 0; i < 3; i++) {
            if (guarded[i] == sig) sigaction(sig, &previous[i], NULL);
        }
        if (sig == SIGABRT) raise(sig);
        return;
    }
    (void)info;
    (void)context;
    say("userlist: ");
    say(label);
    if (sig == SIGABRT && assertion[0] != '\0') {
        // libjq's own assert (its line was held back by the stream below): a bug of libjq
        // 1.6 the expression met, not memory (`"abc" | .[nan:]`, `1e20 | todate`).
        say(": libjq 1.6 failed its own check (");
        say(assertion);
        say("), a bug of libjq this expression meets: write it another way\n");
    } else if (sig == SIGABRT) {
        say(": the jq expression ran out of memory (unbounded recursion or output?); libjq 1.6 has no limit of its own\n");
    } else {
        say(": the jq expression recursed too deeply and exhausted its stack; libjq 1.6 has no depth limit\n");
    }
    remove_pending();
    _exit(65);
}

// libjq's allocation failure, before it prints "cannot allocate memory" and aborts (a jq
// state's nomem handler, jq_set_nomem_handler): the run's one line, then exit 65. Outside a jq program (a label) it
// returns, and libjq prints and aborts as ever.
void ul_guard_out_of_memory(void *unused) {
    (void)unused;
    const char *label = current_label;
    if (label == NULL) return;
    say("userlist: ");
    say(label);
    say(": the jq expression ran out of memory (unbounded recursion or output?); libjq 1.6 has no limit of its own\n");
    remove_pending();
    _exit(65);
}

// libjq 1.6 as Debian builds it also stops when its own stack can't grow (stack_reallocate,
// `def f: [f]; f`): it writes this line to stderr and aborts, and the SIGABRT handler then
// says what happened as userlist's one line. The stream below, in stderr's place once a jq
// program is compiled, leaves out that one line while a program runs and writes everything
// else to descriptor 2 as it comes (unbuffered, as stderr is: jq's `stderr` builtin writes there).
static const char jq_stack_line[] = "jq: error: cannot allocate memory\n";


static int is_assertion(const char *buffer, size_t size) {
    static const char mark[] = "Assertion `";
    if (size < sizeof mark) return 0;
    for (size_t i = 0; i + sizeof mark - 1 <= size; i++) {
        if (memcmp(buffer + i, mark, sizeof mark - 1) == 0) return 1;
    }
    return 0;
}

static ssize_t filtered_stderr_write(void *cookie, const char *buffer, size_t size) {
    (void)cookie;
    if (current_label != NULL && size == sizeof jq_stack_line - 1 && memcmp(buffer, jq_stack_line, size) == 0) return (ssize_t)size;
    if (current_label != NULL && is_assertion(buffer, size)) {
        // From after "PROGRAM: " to the end of the line.
        size_t start = 0;
        while (start + 1 < size && !(buffer[start] == ':' && buffer[start + 1] == ' ')) start++;
        start = start + 2 < size ? start + 2 : 0;
        size_t length = 0;
        while (start + length < size && buffer[start + length] != '\n' && length < sizeof assertion - 1) {
            assertion[length] = buffer[start + length];
            length++;
        }
        assertion[length] = '\0';
        return (ssize_t)size;
    }
    write_all(buffer, size);
    return (ssize_t)size;
}

static void ul_guard_filter_stderr_once(void) {
    cookie_io_functions_t functions = {.read = NULL, .write = filtered_stderr_write, .seek = NULL, .close = NULL};
    FILE *filtered = fopencookie(NULL, "w", functions);
    if (filtered == NULL) return;
    setvbuf(filtered, NULL, _IONBF, 0);
    fflush(stderr);
    stderr = filtered;
}

void ul_guard_filter_stderr(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, ul_guard_filter_stderr_once);
}

void ul_guard_install(char *const *pending, int count) {
    pending_files = pending;
    pending_count = count;
    if (installed) return;
    installed = 1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = handler;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < 3; i++) sigaction(guarded[i], &action, &previous[i]);
}

static void remove_pending(void) {
    for (int i = 0; i < pending_count; i++) {
        if (pending_files && pending_files[i]) unlink(pending_files[i]);
    }
}

static _Atomic(ul_guard_exit_hook) exit_hook = NULL;

void ul_guard_set_exit_hook(ul_guard_exit_hook hook) {
    atomic_store(&exit_hook, hook);
}

static void *watchdog(void *unused) {
    (void)unused;
    long long limit = (long long)(timeout_seconds * 1e9);
    for (;;) {
        struct timespec pause = {0, 20 * 1000 * 1000};
        nanosleep(&pause, NULL);
        long long now = now_ns();
        int used = atomic_load(&slots_used);
        for (int i = 0; i < used && i < SLOTS; i++) {
            long long started = atomic_load(&slot_started[i]);
            if (started == 0 || now - started <= limit) continue;
            const char *label = atomic_load(&slot_label[i]);
            char line[256];
            snprintf(line, sizeof line, "userlist: %s: the jq expression ran longer than --jq-timeout %g seconds on one input\n", label ? label : "jq", timeout_seconds);
            say(line);
            // Not a signal handler: the hook may write --summary (the jq thread is stuck in libjq).
            ul_guard_exit_hook hook = atomic_load(&exit_hook);
            if (hook != NULL) {
                line[strlen(line) - 1] = '\0';
                hook(line + strlen("userlist: "));
            }
            remove_pending();
            _exit(65);
        }
    }
    return NULL;
}

void ul_guard_set_timeout(double seconds) {
    if (seconds <= 0 || timeout_seconds > 0) return;
    timeout_seconds = seconds;
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_create(&thread, &attributes, watchdog, NULL);
    pthread_attr_destroy(&attributes);
}

// A thread's alternate stack is freed when the thread ends: a library user's every run starts
// new jq threads, 256 KiB each (found by LeakSanitizer under the jq fuzzer).
static void free_alternate_stack(void *memory) {
    stack_t off = {.ss_flags = SS_DISABLE};
    sigaltstack(&off, NULL);
    free(memory);
}

static void make_alternate_stack_key(void) {
    pthread_key_create(&alternate_stack_key, free_alternate_stack);
}

void ul_guard_enter(const char *label) {
    if (timeout_seconds > 0) {
        if (my_slot < 0) my_slot = atomic_fetch_add(&slots_used, 1);
        if (my_slot < SLOTS) {
            atomic_store(&slot_label[my_slot], label);
            atomic_store(&slot_started[my_slot], now_ns());
        }
    }
    if (!has_alternate_stack) {
        has_alternate_stack = 1;
        stack_t stack;
        stack.ss_size = 256 * 1024;
        stack.ss_sp = malloc(stack.ss_size);
        stack.ss_flags = 0;
        if (stack.ss_sp) {
            sigaltstack(&stack, NULL);
            pthread_once(&alternate_stack_once, make_alternate_stack_key);
            pthread_setspecific(alternate_stack_key, stack.ss_sp);
        }
    }
    current_label = label;
}

void ul_guard_leave(void) {
    current_label = NULL;
    if (my_slot >= 0 && my_slot < SLOTS) atomic_store(&slot_started[my_slot], 0);
}

// `--split-pages` renaming a written set into place: a signal that ends the run waits for the
// last rename (ul_signals_defer), wherever the kernel delivers it, then ends the run as ever.
static volatile sig_atomic_t signals_deferred = 0;
static volatile sig_atomic_t signal_held = 0;

void ul_signals_defer(int on) {
    signals_deferred = on ? 1 : 0;
}

int ul_signal_hold(int signal) {
    if (!signals_deferred) return 0;
    signal_held = signal;
    return 1;
}

int ul_signal_held(void) {
    int held = (int)signal_held;
    signal_held = 0;
    return held;
}

// jq's `input_filename`: the input this thread is reading (an index the Swift side keeps the
// names under; -1 for standard input or none), set where records of an input are read or judged.
static _Thread_local int current_input = -1;

void ul_current_input_set(int index) {
    current_input = index;
}

int ul_current_input_get(void) {
    return current_input;
}
