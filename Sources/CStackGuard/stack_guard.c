#include "stack_guard.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static __thread const char *current_label = NULL;
static __thread int has_alternate_stack = 0;
static char *const *pending_files = NULL;
static int pending_count = 0;
static struct sigaction previous[3];
static const int guarded[3] = {SIGSEGV, SIGBUS, SIGABRT};
static int installed = 0;

static void say(const char *text) {
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
    if (sig == SIGABRT) {
        say(": the jq expression ran out of memory (unbounded recursion or output?); libjq 1.6 has no limit of its own\n");
    } else {
        say(": the jq expression recursed too deeply and exhausted its stack; libjq 1.6 has no depth limit\n");
    }
    for (int i = 0; i < pending_count; i++) {
        if (pending_files && pending_files[i]) unlink(pending_files[i]);
    }
    _exit(65);
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

void ul_guard_enter(const char *label) {
    if (!has_alternate_stack) {
        has_alternate_stack = 1;
        stack_t stack;
        stack.ss_size = 256 * 1024;
        stack.ss_sp = malloc(stack.ss_size);
        stack.ss_flags = 0;
        if (stack.ss_sp) sigaltstack(&stack, NULL);
    }
    current_label = label;
}

void ul_guard_leave(void) { current_label = NULL; }
